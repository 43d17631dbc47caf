// Texte der Seitenköpfe auf Deutsch (ADR 031).
import type { HeadTexts } from '../types.ts';

const DESCRIPTION =
  'Yardshare bringt Gärten und Menschen zusammen, die gärtnern wollen: Miete ein Beet, tausche Arbeit gegen Platz oder mach im Gemeinschaftsgarten mit.';
const KEYWORDS = [
  'yardshare',
  'garten teilen',
  'gartensharing',
  'gemeinschaftsgarten',
  'gartenparzelle mieten',
  'arbeitstausch',
  'gemüse selbst anbauen',
];

export const de: HeadTexts = {
  defaultDescription: DESCRIPTION,
  defaultKeywords: KEYWORDS,
  defaultImageAlt: 'Yardshare: Land teilen, Gemüse anbauen',
  pages: {
    '/': { title: 'Land teilen, Gemüse anbauen', description: DESCRIPTION, keywords: KEYWORDS },
    '/how-it-works': {
      title: 'So funktioniert es',
      description:
        'Miete ein Beet, tausche ein paar Stunden Arbeit gegen Platz oder mach kostenlos im Gemeinschaftsgarten mit. So geht Yardshare, Schritt für Schritt.',
      keywords: [
        'wie funktioniert yardshare',
        'gartenparzelle mieten',
        'arbeitstausch im garten',
        'garten anbieten',
        'gemeinschaftsgarten',
      ],
    },
    '/our-mission': {
      title: 'Unsere Mission',
      description:
        'Yardshare macht brachliegende Höfe, Gärten und Äcker zu Anbauflächen für die Menschen ringsum. Erfahre mehr über unsere Vision, Werte und Ziele.',
      keywords: [
        'yardshare mission',
        'urbane landwirtschaft',
        'ernährungssicherheit',
        'land teilen',
        'gemeinschaftsgärtnern',
      ],
    },
    '/community-stories': {
      title: 'Geschichten aus der Community',
      description:
        'Gastgeber und Gärtner erzählen, was ihnen Yardshare gebracht hat: ein geöffneter Garten, Arbeit gegen Platz, ein Beet im Gemeinschaftsgarten.',
      keywords: [
        'yardshare erfahrungen',
        'erfahrungen von gastgebern',
        'erfahrungsberichte gärtner',
        'geschichten aus gemeinschaftsgärten',
      ],
    },
    '/contact': {
      title: 'Kontakt',
      description:
        'Fragen zum Gastgeben, Gärtnern, zu Zahlungen oder Sicherheit? Schreib dem Yardshare-Team, ruf uns an oder besuch unser Büro. Wir antworten immer.',
      keywords: ['yardshare kontakt', 'yardshare support', 'yardshare hilfe'],
    },
    '/terms': {
      title: 'Nutzungsbedingungen',
      description:
        'Die Regeln für Yardshare als Gastgeber oder Gärtner: Konten, Gebühren, Stornierungen, verbotene Aktivitäten, Haftung und geltendes Recht.',
      keywords: [
        'yardshare nutzungsbedingungen',
        'sicherheitsrichtlinien',
        'pflichten der gastgeber',
        'pflichten der gärtner',
      ],
    },
    '/privacy-policy': {
      title: 'Datenschutzerklärung',
      description:
        'Welche Daten Yardshare erhebt, wie wir sie nutzen und teilen, wie lange wir sie speichern und welche Rechte du hast, auch in Kalifornien.',
      keywords: ['yardshare datenschutz', 'personenbezogene daten', 'datenschutzrechte kalifornien'],
    },
    '/blog': {
      title: 'Blog',
      description:
        'Geschichten, Anleitungen und Ideen vom Yardshare-Team rund ums Gartenteilen, Gemeinschaftsgärten, Arbeitstausch und Gemüseanbau, wo immer du lebst.',
      keywords: ['gartensharing blog', 'gartenblog', 'urban farming', 'gemeinschaftsgärten'],
    },
    '/resources': {
      title: 'Ratgeber für den Anbau',
      description:
        'Ratgeber für Gärtner und Gastgeber: Boden und Pflanzen, Vereinbarungen zum Teilen, Saisonplanung und Partner, die Gemeinschaftsgärten voranbringen.',
      keywords: ['garten ratgeber', 'anbau tipps', 'vereinbarung garten teilen', 'saatgutbibliothek'],
    },
    '/auth': {
      title: 'Anmelden oder registrieren',
      description:
        'Melde dich bei Yardshare an oder erstelle ein kostenloses Konto, um Land anzubieten oder einen Platz zum Gärtnern zu finden.',
    },
    '/create-listing': {
      title: 'Biete deine Anbaufläche an',
      description: 'Teile deinen Hof, Garten oder Acker mit Gärtnern in deiner Nähe.',
    },
    '/profile': { title: 'Dein Profil', description: 'Deine Inserate und Kontoeinstellungen.' },
    '/messages': { title: 'Nachrichten', description: 'Deine Unterhaltungen mit Gastgebern und Gärtnern.' },
    '/bookings': {
      title: 'Deine Buchungen',
      description: 'Die Anbauflächen, die du gebucht hast, und die Buchungen deiner Flächen auf Yardshare.',
    },
    '/notifications': {
      title: 'Benachrichtigungen',
      description: 'Neues zu deinen Buchungen, Nachrichten und Bewertungen.',
    },
    '/saved': {
      title: 'Gespeichert',
      description: 'Die Anbauflächen und Suchen, die du auf Yardshare gespeichert hast.',
    },
    '/reset-password': {
      title: 'Neues Passwort festlegen',
      description: 'Lege ein neues Passwort für dein Yardshare-Konto fest.',
    },
    '/verify-email': {
      title: 'Bestätige deine E-Mail-Adresse',
      description: 'Bestätige die E-Mail-Adresse deines Yardshare-Kontos.',
    },
    '/unsubscribe': {
      title: 'E-Mails abbestellen',
      description: 'Wähle, welche E-Mails dir Yardshare schickt.',
    },
    '/payment/success': {
      title: 'Zahlung erfolgreich!',
      description: 'Danke! Die Details deiner Zahlung haben wir dir per E-Mail geschickt.',
    },
    '/payment/cancel': {
      title: 'Zahlung abgebrochen',
      description: 'Deine Zahlung wurde abgebrochen, es wurde nichts berechnet.',
    },
  },
  article: {
    title: 'Gartenteilen im Aufwind',
    description:
      'In Städten und Vororten teilen Menschen ungenutzte Gärten mit anderen, die Gemüse anbauen wollen. Warum der Trend wächst und wie du mitmachst.',
    imageAlt: 'Hochbeete in einem geteilten Garten, gezeichnet in Grün- und Erdtönen',
    keywords: [
      'yardsharing',
      'garten teilen',
      'hausgarten',
      'urbane landwirtschaft',
      'gartensharing',
      'eigenes gemüse anbauen',
    ],
    author: 'Das Yardshare-Team',
  },
  listings: {
    browse: 'Anbauflächen entdecken',
    typeTitles: {
      rental: 'Gärten und Beete zur Miete',
      exchange: 'Anbauflächen im Arbeitstausch',
      community: 'Kostenlose Gemeinschaftsgärten',
    },
    typeLeads: {
      rental: 'Miete monatsweise einen Hof, ein Beet oder ein Stück Ackerland',
      exchange: 'Tausche ein paar Stunden Arbeit pro Woche gegen Platz zum Gärtnern',
      community: 'Gärtnere kostenlos in einem Gemeinschaftsgarten',
    },
    lead: 'Finde Mietflächen, Arbeitstausch und kostenlose Gemeinschaftsgärten',
    titleIn: (base, location) => `${base} in ${location}`,
    description: (lead, location) =>
      `${lead}${location ? ` in und um ${location}` : ' in deiner Nähe'}. Schreib Gastgebern vor Ort direkt auf Yardshare.`,
    keywords: ['garten inserate', 'anbaufläche'],
    defaultTypeKeyword: 'garten mieten',
    locationKeyword: (location) => `gärten in ${location}`,
  },
  listing: {
    title: (title, where) => `${title} in ${where}`,
    description: (price, where, description) => `${price} in ${where}. ${description}`,
    pricePerMonth: (dollars) => `${dollars} US$ / Monat`,
    hoursPerWeek: (hours) => `${hours} Std. / Woche`,
    rental: 'Miete',
    exchange: 'Arbeitstausch',
    community: 'Kostenloser Gemeinschaftsgarten',
    typeKeywords: { rental: 'garten mieten', exchange: 'arbeitstausch', community: 'gemeinschaftsgarten' },
    growingSpace: 'anbaufläche',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    description: 'Die gesuchte Seite gibt es auf Yardshare nicht.',
  },
  listingNotFound: {
    title: 'Inserat nicht gefunden',
    description:
      'Diese Anbaufläche ist auf Yardshare nicht mehr verfügbar. Durchsuche alle Inserate, um eine andere in deiner Nähe zu finden.',
  },
  memberProfile: 'Mitgliedsprofil',
  booking: 'Buchung',
  editListing: 'Inserat bearbeiten',
  earnings: 'Einnahmen',
  operatorConsole: 'Betreiberkonsole',
};
