import { PRODUCT_NAME } from '#shared/constants.ts';
import { num, plural } from '../format.ts';
import type { MailTexts } from '../types.ts';

const n = (x: number) => num('fr', x);

export const fr: MailTexts = {
  layout: {
    orOpenLink: (url) => `Ou ouvrez ce lien : ${url}`,
    unsubscribe: 'Se désabonner',
  },
  quote: (text) => `« ${text} »`,
  hours: (h) => `${n(h)} ${plural('fr', h, { one: 'heure', other: 'heures' })}`,
  stars: (s) => `${n(s)} ${plural('fr', s, { one: 'étoile', other: 'étoiles' })}`,

  hello: (name) => `Bonjour ${name},`,
  validHours: (h) => `${n(h)} ${plural('fr', h, { one: 'heure', other: 'heures' })}`,
  verify: {
    subject: 'Confirmez votre adresse e-mail',
    preheader: `Un clic pour confirmer l’adresse de votre compte ${PRODUCT_NAME}.`,
    heading: 'Confirmez votre adresse e-mail',
    change: `Vous avez demandé à utiliser cette adresse pour votre compte ${PRODUCT_NAME}. Votre compte garde son adresse actuelle jusqu’à ce que vous confirmiez celle-ci.`,
    welcome: `Bienvenue sur ${PRODUCT_NAME} ! Veuillez confirmer que cette adresse est bien la vôtre. D’ici là, vous pouvez parcourir le site et envoyer des messages, mais pas publier d’annonce ni recevoir de paiements.`,
    validity: (hours) => `Le lien ne fonctionne qu’une fois et reste valable ${hours}.`,
    action: 'Confirmer mon adresse',
    footerChange: `Vous recevez cet e-mail parce que quelqu’un a demandé à utiliser cette adresse pour un compte ${PRODUCT_NAME}. Si ce n’était pas vous, ignorez-le.`,
    footerNew: `Vous recevez cet e-mail parce qu’un compte ${PRODUCT_NAME} a été créé avec cette adresse. Si ce n’était pas vous, ignorez-le.`,
  },
  emailChange: {
    subject: 'Un changement de votre adresse e-mail a été demandé',
    preheader: 'Votre compte garde cette adresse jusqu’à la confirmation de la nouvelle.',
    heading: 'Un changement de votre adresse e-mail a été demandé',
    body: (masked) =>
      `Une personne connectée à votre compte ${PRODUCT_NAME} a demandé à changer son adresse e-mail pour ${masked}. Le changement n’a lieu qu’une fois le lien envoyé à cette adresse ouvert.`,
    notYou: 'Si ce n’était pas vous, connectez-vous et changez votre mot de passe dès maintenant.',
    action: `Se connecter à ${PRODUCT_NAME}`,
    footer: `Vous recevez cet e-mail parce que c’est l’adresse de votre compte ${PRODUCT_NAME}.`,
  },
  reset: {
    subject: 'Choisissez un nouveau mot de passe',
    preheader: (hours) => `Un lien pour choisir un nouveau mot de passe ${PRODUCT_NAME}, valable ${hours}.`,
    heading: 'Choisissez un nouveau mot de passe',
    body: `Quelqu’un a demandé la réinitialisation du mot de passe de votre compte ${PRODUCT_NAME}. Choisissez-en un nouveau avec le bouton ci-dessous : vous serez déconnecté partout ailleurs.`,
    validity: (hours) =>
      `Le lien ne fonctionne qu’une fois et reste valable ${hours}. Si vous ne l’avez pas demandé, ignorez cet e-mail : votre mot de passe ne change pas.`,
    action: 'Choisir un nouveau mot de passe',
    footer: `Vous recevez cet e-mail parce qu’un nouveau mot de passe a été demandé pour le compte ${PRODUCT_NAME} associé à cette adresse.`,
  },

  notificationFooter:
    'Vous recevez cet e-mail parce que vous avez un compte Yardshare. Choisissez les e-mails que vous recevez dans les Paramètres du compte.',
  openInApp: 'Ouvrir dans Yardshare',
  viewBooking: 'Voir la réservation',
  seeReview: 'Voir l’avis',
  viewListing: 'Voir l’annonce',
  booking: {
    rentInvoice: (title, month, due) => `Le mois ${month} de ${title} est à payer : avant le ${due}`,
    rentReminder: (title, month, due) => `Rappel : le mois ${month} de ${title} est à payer le ${due}`,
    rentBody: (amount, lapse) =>
      `${amount} par le paiement sur la page de la réservation. S'il n'est pas payé le ${lapse}, le séjour se termine à la fin du temps payé.`,
    rentLapsed: (title, end) => `Mois impayé : le séjour à ${title} se termine le ${end}`,
    rentLapsedBody:
      "Un mois n'a pas été payé dans le délai de grâce : le séjour se termine à la fin du temps payé.",
    weekOver: (title, week) => `Bien plus d’heures que convenu à ${title}, semaine du ${week}`,
    weekOverBody: (logged, agreed) =>
      `${logged} saisies pour ${agreed} convenues par semaine. Parlez-en ou modifiez l’accord.`,
    endsEarly: (name, title, end) =>
      `${name} met fin plus tôt au séjour à ${title} : il se termine désormais le ${end}`,
    agreementProposed: (name, title) => `${name} propose une modification de l’accord pour ${title}`,
    agreementProposedBody: (version) =>
      `La version ${version} entre en vigueur quand vous l’acceptez sur la page de la réservation ; d’ici là, l’accord reste tel quel.`,
    endedByYardshare: (title) => `Yardshare a mis fin au séjour à ${title}`,
    endsEarlyBody: (reason) => `Motif indiqué : ${reason}`,
    requested: (grower, title, from) => `${grower} a demandé ${title} à partir du ${from}`,
    requestExpiresIn: (days) =>
      `Acceptez ou refusez sous ${n(days)} ${plural('fr', days, { one: 'jour', other: 'jours' })}, sinon la demande expire.`,
    booked: (grower, title, from) => `${grower} a réservé ${title} à partir du ${from}`,
    bookedRental: (grower) => `Une réservation instantanée : elle est confirmée dès que ${grower} paie.`,
    bookedFree: 'Une réservation instantanée : rien à accepter.',
    accepted: (host, title) => `${host} a accepté votre demande pour ${title}`,
    payWithin: (hours) => `Payez sous ${n(hours)} heures pour garder votre parcelle.`,
    startsOn: (from) => `Elle commence le ${from}.`,
    declined: (host, title) => `${host} a refusé votre demande pour ${title}`,
    declinedBody: 'D’autres jardins à proximité ont peut-être encore de la place.',
    withdrawn: (grower, title) => `${grower} a retiré sa demande pour ${title}`,
    withdrawnBody: 'Vous n’avez rien d’autre à faire.',
    cancelledByHost: (host, title) => `${host} a annulé votre réservation de ${title}`,
    cancelledByGrower: (grower, title) => `${grower} a annulé la réservation de ${title}`,
    cancelledBody: (from) => `La réservation à partir du ${from} est annulée.`,
    yourBookingExpired: (title) => `Votre réservation de ${title} a expiré`,
    yourRequestExpired: (title) => `Votre demande pour ${title} a expiré`,
    notPaidInTime: 'Elle n’a pas été payée à temps, la parcelle est donc de nouveau libre.',
    hostDidNotAnswer: (host) => `${host} n’a pas répondu à temps.`,
    theirBookingExpired: (grower, title) => `La réservation de ${title} par ${grower} a expiré`,
    theirRequestExpired: (grower, title) => `La demande de ${grower} pour ${title} a expiré`,
    notAnsweredInTime: 'Elle n’a pas reçu de réponse à temps.',
    paid: (grower, title) => `${grower} a payé pour ${title}`,
    paidBody: (from, until, hold, late) =>
      `La réservation à partir du ${from} est confirmée. Le paiement est retenu jusqu’au ${until}, ${hold} après ${late ? 'le paiement' : 'le début'} ; aucun versement n’est programmé avant.`,
    paidBodyNoHold: (from) => `La réservation à partir du ${from} est confirmée.`,
  },
  payout: {
    scheduled: (title) => `Versement programmé pour ${title}`,
    scheduledBody: (amount, grower) =>
      `${amount} pour la location de ${grower} est programmé. Nous vous préviendrons dès qu’il sera envoyé.`,
    detailsNeeded: (amount) => `Ajoutez vos coordonnées de versement pour recevoir ${amount}`,
    detailsNeededBody: (grower) =>
      `Le versement pour la location de ${grower} attend vos coordonnées. Ajoutez une adresse Bitcoin ou Lightning sur votre page Revenus et il partira au prochain passage.`,
    sent: (amount) => `Versement envoyé : ${amount}`,
    sentBody: (title, proof) => `Votre versement pour ${title} a été envoyé. Preuve : ${proof}`,
    sentBodyNoProof: (title) => `Votre versement pour ${title} a été envoyé.`,
    viewEarnings: 'Voir vos revenus',
    addDetails: 'Ajouter mes coordonnées',
  },
  payoutMethod: {
    subject: 'Vos coordonnées de versement ont changé',
    preheader: 'La destination de vos versements Yardshare a changé.',
    body: (destination) => `Vos versements seront désormais envoyés à ${destination}.`,
    hold: (hours) =>
      `Pour votre sécurité, les versements ne partent vers la nouvelle destination que ${hours} heures après le changement.`,
    firstOne: 'Les versements qui vous sont dus y sont envoyés dès maintenant.',
    notYou:
      'Si ce n’était pas vous, connectez-vous, changez votre mot de passe et vos coordonnées de versement, puis écrivez au support.',
    action: 'Vérifier mes coordonnées',
    footer: `Vous recevez cet e-mail car c’est l’adresse de votre compte ${PRODUCT_NAME}.`,
  },
  receipt: {
    title: (total, title) => `Reçu : ${total} payés pour ${title}`,
    paid: (total, rent, fee) => `Vous avez payé ${total} : ${rent} de loyer et ${fee} de frais de service.`,
    held: (until) => `Yardshare garde le loyer jusqu'au ${until}, puis le verse à l'hôte.`,
    heldMonthly: (until) =>
      `Yardshare garde le loyer et le verse à l'hôte mois par mois, chaque mois après sa période de garde ; le premier le ${until}.`,
    reference: (ref) => `Référence du paiement : ${ref}`,
  },
  // The grow agreement's words (ADR 045): rendered by the server from the frozen parts.
  agreement: {
    title: 'Accord de culture',
    version: (version) => `Version ${version}`,
    licence:
      'Ceci est une autorisation d’utiliser l’espace pour cultiver, pas un bail ni une location : elle ne donne aucun droit d’y habiter ni la possession exclusive du terrain.',
    parties: 'Les parties',
    partiesLine: (a, b) => `Hôte : ${a}. Jardinier : ${b}.`,
    space: 'L’espace',
    streetAddress: (address) => `Adresse : ${address}`,
    onePlot: (a) => `Une parcelle parmi les ${a} de ce jardin partagé.`,
    dates: 'Dates',
    openEnded: (start) => `À partir du ${start}, sans date de fin`,
    rent: 'Loyer',
    totalWithFee: (a) => `Total avec les frais de service : ${a}`,
    policy: (name, summary, fee) =>
      `Annulation ${name} : ${summary} Les frais de ${fee} % ne sont pas remboursés. Si l’hôte annule, vous récupérez tout.`,
    flexible: 'Flexibles',
    moderate: 'Modérées',
    strict: 'Strictes',
    flexibleSummary:
      'Annulez jusqu’à la veille du début pour récupérer tout le loyer. Ensuite, les mois entiers pas encore commencés, après le premier, sont remboursés.',
    moderateSummary: (days) =>
      `Annulez ${days} jours ou plus avant le début pour récupérer tout le loyer. Ensuite, les mois entiers pas encore commencés, après le premier, sont remboursés.`,
    strictSummary: (days, halfDays) =>
      `Annulez ${days} jours ou plus avant le début pour récupérer tout le loyer, ou ${halfDays} jours ou plus pour tout récupérer sauf la moitié du premier mois. Ensuite, les mois entiers pas encore commencés, après le premier et un mois de préavis, sont remboursés.`,
    exchange: 'Travail en échange',
    hoursPerWeek: (hours) => `${hours} h par semaine`,
    usualDuties: 'Travaux de jardin convenus avec l’hôte, semaine après semaine.',
    growing: 'Ce qui peut être cultivé ou construit',
    usualGrowing: 'Légumes, herbes, fruits et fleurs ; rien d’invasif ni d’illégal.',
    structuresAllowed: 'Les constructions permanentes sont autorisées.',
    noStructures: 'Aucune construction permanente (abris, bacs fixes, serres) sans l’accord écrit de l’hôte.',
    access: 'Accès, eau et outils',
    usualAccess: 'Accès en journée, convenu avec l’hôte.',
    usualWater: 'Eau selon ce qui est disponible sur place.',
    usualTools: 'Le jardinier apporte ses propres outils.',
    houseRules: 'Règles de la maison',
    usualRules: 'Aucune au-delà de cet accord.',
    endingEarly: 'Fin anticipée',
    notice: (gDays, hDays) =>
      `Le jardinier peut mettre fin au séjour plus tôt avec ${gDays} de préavis, l’hôte avec ${hDays} de préavis.`,
    refundRule: 'Le loyer des mois pas encore commencés est remboursé selon la politique d’annulation.',
    growerRequest: 'La demande du jardinier',
    acceptedBy: (who, a) => `Accepté par ${who} le ${a}`,
    notAcceptedBy: (who) => `Pas encore accepté par ${who}`,
    months: (x) => `${n(x)} mois`,
    days: (x) => `${n(x)} ${plural('fr', x, { one: 'jour', other: 'jours' })}`,
  },
  refunded: (amount, title) => `Remboursement de ${amount} pour ${title}`,
  refundBody: (amount) =>
    `Un remboursement de ${amount} a été enregistré et vous est renvoyé par le prestataire de paiement.`,
  listingReviewed: (reviewer, title) => `${reviewer} a laissé un avis sur ${title}`,
  reviewWithoutStay:
    'Aucune réservation vérifiée : cet avis ne vient pas d’un séjour réservé sur Yardshare, et l’annonce l’indique.',
  growerReviewed: (host, title) => `${host} a laissé un avis sur vous pour ${title}`,
  hoursLogged: (grower, hours, title) => `${grower} a enregistré ${hours} pour ${title}`,
  hoursLoggedBody: (day) => `Pour le ${day}. Confirmez-les ou contestez-les.`,
  hoursConfirmed: (host, hours, title) => `${host} a confirmé vos ${hours} pour ${title}`,
  hoursDisputed: (host, hours, title) => `${host} a contesté vos ${hours} pour ${title}`,
  hoursConfirmedBody: (day) => `Pour le ${day}.`,
  hoursDisputedBody: (day) => `Pour le ${day}. Parlez-en dans Messages.`,
  savedSearchMatch: (search) => `Nouvelle annonce pour votre recherche « ${search} »`,
  savedSearchBody: (title, city, state) => `${title} à ${city}, ${state}`,
  waitlistOffer: (title) => `Une parcelle est libre pour vous à ${title}`,
  waitlistOfferBody: (dates, until) =>
    `Vous êtes le prochain sur la liste d’attente, pour ${dates}. La parcelle vous est réservée jusqu’au ${until} : acceptez-la pour la réserver, ou refusez-la pour la laisser au suivant.`,
  waitlistOfferAction: 'Voir l’offre',
  waitlistDeclined: (grower, title) => `${grower} a refusé la parcelle proposée à ${title}`,
  waitlistDeclinedBody: 'La parcelle passe à la personne suivante sur la liste.',
  reasonGiven: (reason) => `Motif indiqué : ${reason}`,
  listingHidden: (title) => `Votre annonce « ${title} » a été masquée par Yardshare`,
  listingHiddenBody: (support) =>
    `Elle enfreignait nos règles, elle n’est donc plus visible par personne. Des questions ? Écrivez à ${support}.`,
  warning: 'Un avertissement de Yardshare',
  warningBody: (support) =>
    `Veuillez respecter nos Conditions d’utilisation ; les comptes qui les enfreignent à répétition sont suspendus. Des questions ? Écrivez à ${support}.`,
  readTerms: 'Lire les Conditions d’utilisation',

  messageSent: (name) => `${name} vous a envoyé un message`,
  messagesSent: (name) => `${name} vous a envoyé {n} messages`,
  messagesHeading: (name, count) =>
    count === 1 ? `${name} vous a envoyé un message` : `${name} vous a envoyé ${n(count)} messages`,
  messagesSubject: (name, count) =>
    count === 1 ? `Nouveau message de ${name}` : `${n(count)} nouveaux messages de ${name}`,
  earlierMessages: (count) =>
    `…et ${n(count)} ${plural('fr', count, { one: 'message précédent', other: 'messages précédents' })}.`,
  replyTo: (name) => `Répondre à ${name}`,

  unsubscribeAll: 'les e-mails de notification de Yardshare',
  unsubscribeKind: (label) => `les e-mails « ${label} »`,
  unsubscribeDescribe: (scope) => `Ce lien désactive ${scope}.`,
  unsubscribeDone: (scope) =>
    `Vous ne recevrez plus ${scope}. Vous pouvez les réactiver dans les Paramètres du compte.`,
  kinds: {
    message: 'Nouveaux messages (non lus après 10 minutes)',
    booking_requested: 'Demandes de réservation et réservations instantanées',
    booking_accepted: 'Réservation acceptée',
    booking_declined: 'Réservation refusée',
    booking_cancelled: 'Réservation annulée',
    booking_expired: 'Réservation expirée',
    booking_paid: 'Réservation payée',
    rent_due: 'Loyer mensuel à payer',
    payout_released: 'Versement programmé',
    payout_sent: 'Versement envoyé',
    payout_details_needed: 'Coordonnées de versement requises',
    payment_refunded: 'Remboursements',
    payment_receipt: 'Reçus de paiement',
    review_received: 'Avis que vous recevez',
    hours_logged: 'Heures enregistrées',
    hours_confirmed: 'Heures confirmées',
    hours_disputed: 'Heures contestées',
    saved_search_match: 'Nouvelles annonces correspondant à une recherche enregistrée',
    waitlist_offer: 'Parcelles proposées depuis une liste d’attente',
    account_notice: 'Communications de Yardshare concernant votre compte',
  },
};
