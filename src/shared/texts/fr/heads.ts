// Textes des en-têtes de page en français (ADR 031).
import type { HeadTexts } from '../types.ts';

const DESCRIPTION =
  'Yardshare relie ceux qui ont de la terre à ceux qui veulent cultiver : louez une parcelle, échangez du travail ou rejoignez un jardin partagé.';
const KEYWORDS = [
  'yardshare',
  'partage de jardin',
  'jardin partagé',
  'location de parcelle potagère',
  'échange de travail',
  'potager',
  'cultiver ses légumes',
];

export const fr: HeadTexts = {
  defaultDescription: DESCRIPTION,
  defaultKeywords: KEYWORDS,
  defaultImageAlt: 'Yardshare : partagez la terre, cultivez vos légumes',
  pages: {
    '/': { title: 'Partagez la terre, cultivez vos légumes', description: DESCRIPTION, keywords: KEYWORDS },
    '/how-it-works': {
      title: 'Comment ça marche',
      description:
        'Louez une parcelle, échangez quelques heures de travail contre de l’espace ou rejoignez un jardin partagé gratuit. Découvrez Yardshare pas à pas.',
      keywords: [
        'comment fonctionne yardshare',
        'louer une parcelle de jardin',
        'échange de travail jardin',
        'prêter son jardin',
        'jardin partagé',
      ],
    },
    '/our-mission': {
      title: 'Notre mission',
      description:
        'Yardshare met cours, jardins et terres agricoles inutilisés au service de l’alimentation locale. Découvrez notre vision, nos valeurs et notre impact.',
      keywords: [
        'mission yardshare',
        'agriculture urbaine',
        'sécurité alimentaire',
        'partage de terres',
        'jardinage collectif',
      ],
    },
    '/community-stories': {
      title: 'Témoignages de la communauté',
      description:
        'Hôtes et jardiniers racontent ce que leur a apporté Yardshare : ouvrir un jardin, échanger du travail contre de l’espace, rejoindre un jardin partagé.',
      keywords: [
        'témoignages yardshare',
        'témoignages d’hôtes',
        'avis de jardiniers',
        'histoires de jardins partagés',
      ],
    },
    '/contact': {
      title: 'Nous contacter',
      description:
        'Une question sur l’accueil, la culture, les paiements ou la sécurité ? Écrivez ou appelez l’équipe Yardshare, ou passez au bureau. Réponse assurée.',
      keywords: ['contacter yardshare', 'support yardshare', 'aide yardshare'],
    },
    '/terms': {
      title: 'Conditions d’utilisation',
      description:
        'Les règles de Yardshare pour hôtes et jardiniers : comptes, frais, annulations, activités interdites, responsabilité et droit applicable.',
      keywords: [
        'conditions d’utilisation yardshare',
        'consignes de sécurité',
        'responsabilités de l’hôte',
        'responsabilités du jardinier',
      ],
    },
    '/privacy-policy': {
      title: 'Politique de confidentialité',
      description:
        'Les données personnelles collectées par Yardshare, leur usage, leur partage, leur conservation, et vos choix et droits, y compris en Californie.',
      keywords: [
        'politique de confidentialité yardshare',
        'données personnelles',
        'droits à la vie privée californie',
      ],
    },
    '/blog': {
      title: 'Blog',
      description:
        'Récits, guides et idées de l’équipe Yardshare sur le partage de jardins, les jardins partagés, l’échange de travail et l’art de cultiver partout.',
      keywords: ['blog partage de jardin', 'blog jardinage', 'agriculture urbaine', 'jardins partagés'],
    },
    '/resources': {
      title: 'Ressources pour cultiver',
      description:
        'Guides pour jardiniers et hôtes : sol et plantation, accords de partage, calendrier des saisons et organisations partenaires des jardins partagés.',
      keywords: ['guides de jardinage', 'ressources potager', 'accord de partage de jardin', 'grainothèque'],
    },
    '/auth': {
      title: 'Connexion ou inscription',
      description:
        'Connectez-vous à Yardshare ou créez un compte gratuit pour proposer un terrain ou trouver où cultiver.',
    },
    '/create-listing': {
      title: 'Proposez votre espace de culture',
      description: 'Partagez votre cour, votre jardin ou votre ferme avec des jardiniers près de chez vous.',
    },
    '/profile': { title: 'Votre profil', description: 'Vos annonces et les paramètres de votre compte.' },
    '/messages': { title: 'Messages', description: 'Vos conversations avec les hôtes et les jardiniers.' },
    '/bookings': {
      title: 'Vos réservations',
      description:
        'Les espaces de culture que vous avez réservés et les réservations de vos espaces sur Yardshare.',
    },
    '/notifications': {
      title: 'Notifications',
      description: 'Les nouveautés de vos réservations, messages et avis.',
    },
    '/saved': {
      title: 'Favoris',
      description: 'Les espaces de culture et les recherches que vous avez enregistrés sur Yardshare.',
    },
    '/reset-password': {
      title: 'Choisissez un nouveau mot de passe',
      description: 'Définissez un nouveau mot de passe pour votre compte Yardshare.',
    },
    '/verify-email': {
      title: 'Confirmez votre adresse e-mail',
      description: 'Confirmez l’adresse e-mail de votre compte Yardshare.',
    },
    '/unsubscribe': {
      title: 'Se désabonner',
      description: 'Choisissez les e-mails que Yardshare vous envoie.',
    },
    '/payment/success': {
      title: 'Paiement réussi !',
      description: 'Merci. Le détail de votre paiement vous a été envoyé par e-mail.',
    },
    '/payment/cancel': {
      title: 'Paiement annulé',
      description: 'Votre paiement a été annulé et aucun montant n’a été débité.',
    },
  },
  article: {
    title: 'L’essor du partage de jardins',
    description:
      'En ville comme en banlieue, ceux qui ont un jardin inutilisé le prêtent à qui veut cultiver. Pourquoi le mouvement grandit, et comment y participer.',
    imageAlt: 'Potagers surélevés dans un jardin partagé, dessinés dans des tons verts et terre',
    keywords: [
      'yardsharing',
      'partage de jardin',
      'potager de jardin',
      'agriculture urbaine',
      'jardin partagé',
      'cultiver ses propres légumes',
    ],
    author: 'L’équipe Yardshare',
  },
  listings: {
    browse: 'Parcourir les espaces de culture',
    typeTitles: {
      rental: 'Jardins et terrains à louer',
      exchange: 'Espaces de culture en échange de travail',
      community: 'Jardins partagés gratuits',
    },
    typeLeads: {
      rental: 'Louez au mois une cour, une parcelle ou un terrain agricole',
      exchange: 'Échangez quelques heures de travail par semaine contre un potager',
      community: 'Rejoignez un jardin partagé gratuit',
    },
    lead: 'Trouvez locations, échanges de travail et jardins partagés gratuits',
    titleIn: (base, location) => `${base} à ${location}`,
    description: (lead, location) =>
      `${lead}${location ? ` à ${location} et alentours` : ' près de chez vous'}. Écrivez directement aux hôtes locaux sur Yardshare.`,
    keywords: ['annonces de jardins', 'espace de culture'],
    defaultTypeKeyword: 'location de jardin',
    locationKeyword: (location) => `jardins à ${location}`,
  },
  listing: {
    title: (title, where) => `${title} à ${where}`,
    description: (price, where, description) => `${price} à ${where}. ${description}`,
    pricePerMonth: (dollars) => `${dollars} $ US / mois`,
    hoursPerWeek: (hours) => `${hours} h / semaine`,
    rental: 'Location',
    exchange: 'Échange de travail',
    community: 'Jardin partagé gratuit',
    typeKeywords: {
      rental: 'location de jardin',
      exchange: 'échange de travail',
      community: 'jardin partagé',
    },
    growingSpace: 'espace de culture',
  },
  notFound: {
    title: 'Page introuvable',
    description: 'La page que vous cherchez n’existe pas sur Yardshare.',
  },
  listingNotFound: {
    title: 'Annonce introuvable',
    description:
      'Cet espace de culture n’est plus disponible sur Yardshare. Parcourez toutes les annonces pour en trouver un autre près de chez vous.',
  },
  memberProfile: 'Profil du membre',
  booking: 'Réservation',
  editListing: 'Modifier votre annonce',
  earnings: 'Revenus',
  operatorConsole: 'Console d’administration',
};
