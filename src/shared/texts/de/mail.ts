import { PRODUCT_NAME } from '#shared/constants.ts';
import { num, plural } from '../format.ts';
import type { MailTexts } from '../types.ts';

const n = (x: number) => num('de', x);

export const de: MailTexts = {
  layout: {
    orOpenLink: (url) => `Oder öffne diesen Link: ${url}`,
    unsubscribe: 'Abbestellen',
  },
  quote: (text) => `„${text}“`,
  hours: (h) => `${n(h)} ${plural('de', h, { one: 'Stunde', other: 'Stunden' })}`,
  stars: (s) => `${n(s)} ${plural('de', s, { one: 'Stern', other: 'Sterne' })}`,

  hello: (name) => `Hallo ${name},`,
  validHours: (h) => `${n(h)} ${plural('de', h, { one: 'Stunde', other: 'Stunden' })}`,
  verify: {
    subject: 'Bestätige deine E-Mail-Adresse',
    preheader: `Ein Klick, um die Adresse deines ${PRODUCT_NAME}-Kontos zu bestätigen.`,
    heading: 'Bestätige deine E-Mail-Adresse',
    change: `Du möchtest diese Adresse für dein ${PRODUCT_NAME}-Konto verwenden. Dein Konto behält seine bisherige Adresse, bis du diese bestätigst.`,
    welcome: `Willkommen bei ${PRODUCT_NAME}! Bitte bestätige, dass diese Adresse dir gehört. Bis dahin kannst du stöbern und Nachrichten senden, aber keine Inserate veröffentlichen und keine Zahlungen annehmen.`,
    validity: (hours) => `Der Link funktioniert einmal und ist ${hours} gültig.`,
    action: 'Meine Adresse bestätigen',
    footerChange: `Du erhältst diese E-Mail, weil jemand diese Adresse für ein ${PRODUCT_NAME}-Konto verwenden möchte. Wenn du das nicht warst, ignoriere sie.`,
    footerNew: `Du erhältst diese E-Mail, weil mit dieser Adresse ein ${PRODUCT_NAME}-Konto registriert wurde. Wenn du das nicht warst, ignoriere sie.`,
  },
  emailChange: {
    subject: 'Eine Änderung deiner E-Mail-Adresse wurde angefordert',
    preheader: 'Dein Konto behält diese Adresse, bis die neue bestätigt ist.',
    heading: 'Eine Änderung deiner E-Mail-Adresse wurde angefordert',
    body: (masked) =>
      `Jemand, der in deinem ${PRODUCT_NAME}-Konto angemeldet ist, möchte dessen E-Mail-Adresse in ${masked} ändern. Die Änderung erfolgt erst, wenn der Link geöffnet wird, der an diese Adresse gesendet wurde.`,
    notYou: 'Wenn du das nicht warst, melde dich an und ändere jetzt dein Passwort.',
    action: `Bei ${PRODUCT_NAME} anmelden`,
    footer: `Du erhältst diese E-Mail, weil sie die Adresse deines ${PRODUCT_NAME}-Kontos ist.`,
  },
  reset: {
    subject: 'Wähle ein neues Passwort',
    preheader: (hours) => `Ein Link, um ein neues Passwort für ${PRODUCT_NAME} zu wählen, ${hours} gültig.`,
    heading: 'Wähle ein neues Passwort',
    body: `Jemand möchte das Passwort deines ${PRODUCT_NAME}-Kontos zurücksetzen. Wähle mit der Schaltfläche unten ein neues: Dadurch wirst du überall sonst abgemeldet.`,
    validity: (hours) =>
      `Der Link funktioniert einmal und ist ${hours} gültig. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.`,
    action: 'Neues Passwort wählen',
    footer: `Du erhältst diese E-Mail, weil für das ${PRODUCT_NAME}-Konto mit dieser Adresse ein neues Passwort angefordert wurde.`,
  },

  notificationFooter:
    'Du erhältst diese E-Mail, weil du ein Yardshare-Konto hast. In den Kontoeinstellungen wählst du, welche E-Mails du bekommst.',
  openInApp: 'In Yardshare öffnen',
  viewBooking: 'Buchung ansehen',
  seeReview: 'Bewertung ansehen',
  viewListing: 'Inserat ansehen',
  booking: {
    rentInvoice: (title, month, due) => `Monat ${month} von ${title} ist fällig: bitte bis ${due} bezahlen`,
    rentReminder: (title, month, due) => `Erinnerung: Monat ${month} von ${title} ist am ${due} fällig`,
    rentBody: (amount, lapse) =>
      `${amount} über die Kasse auf der Buchungsseite. Ist er am ${lapse} nicht bezahlt, endet der Aufenthalt mit der bezahlten Zeit.`,
    rentLapsed: (title, end) => `Monat nicht bezahlt: der Aufenthalt bei ${title} endet am ${end}`,
    rentLapsedBody:
      'Ein Monat wurde nicht innerhalb der Nachfrist bezahlt, daher endet der Aufenthalt mit der bezahlten Zeit.',
    weekOver: (title, week) => `Weit mehr Stunden als vereinbart bei ${title}, Woche vom ${week}`,
    weekOverBody: (logged, agreed) =>
      `${logged} erfasst, vereinbart sind ${agreed} pro Woche. Sprecht darüber oder ändert die Vereinbarung.`,
    endsEarly: (name, title, end) =>
      `${name} beendet den Aufenthalt bei ${title} vorzeitig: er endet jetzt am ${end}`,
    agreementProposed: (name, title) => `${name} schlägt eine Änderung der Vereinbarung für ${title} vor`,
    agreementProposedBody: (version) =>
      `Fassung ${version} gilt, sobald du sie auf der Buchungsseite annimmst; bis dahin bleibt die Vereinbarung, wie sie ist.`,
    endedByYardshare: (title) => `Yardshare hat den Aufenthalt bei ${title} beendet`,
    endsEarlyBody: (reason) => `Angegebener Grund: ${reason}`,
    requested: (grower, title, from) => `${grower} hat ${title} ab ${from} angefragt`,
    requestExpiresIn: (days) =>
      `Nimm die Anfrage innerhalb von ${n(days)} ${plural('de', days, { one: 'Tag', other: 'Tagen' })} an oder lehne sie ab, sonst verfällt sie.`,
    booked: (grower, title, from) => `${grower} hat ${title} ab ${from} gebucht`,
    bookedRental: (grower) => `Eine Sofortbuchung: Sie ist bestätigt, sobald ${grower} bezahlt.`,
    bookedFree: 'Eine Sofortbuchung: Du musst nichts annehmen.',
    accepted: (host, title) => `${host} hat deine Anfrage für ${title} angenommen`,
    payWithin: (hours) => `Bezahle innerhalb von ${n(hours)} Stunden, um deine Parzelle zu behalten.`,
    startsOn: (from) => `Sie beginnt am ${from}.`,
    declined: (host, title) => `${host} hat deine Anfrage für ${title} abgelehnt`,
    declinedBody: 'Andere Gärten in der Nähe haben vielleicht noch Platz.',
    withdrawn: (grower, title) => `${grower} hat die Anfrage für ${title} zurückgezogen`,
    withdrawnBody: 'Du musst nichts weiter tun.',
    cancelledByHost: (host, title) => `${host} hat deine Buchung von ${title} storniert`,
    cancelledByGrower: (grower, title) => `${grower} hat die Buchung von ${title} storniert`,
    cancelledBody: (from) => `Die Buchung ab ${from} ist storniert.`,
    yourBookingExpired: (title) => `Deine Buchung von ${title} ist abgelaufen`,
    yourRequestExpired: (title) => `Deine Anfrage für ${title} ist abgelaufen`,
    notPaidInTime: 'Sie wurde nicht rechtzeitig bezahlt, daher ist die Parzelle wieder frei.',
    hostDidNotAnswer: (host) => `${host} hat nicht rechtzeitig geantwortet.`,
    theirBookingExpired: (grower, title) => `Die Buchung von ${grower} für ${title} ist abgelaufen`,
    theirRequestExpired: (grower, title) => `Die Anfrage von ${grower} für ${title} ist abgelaufen`,
    notAnsweredInTime: 'Sie wurde nicht rechtzeitig beantwortet.',
    paid: (grower, title) => `${grower} hat für ${title} bezahlt`,
    paidBody: (from, until, hold, late) =>
      `Die Buchung ab ${from} ist bestätigt. Die Zahlung wird bis ${until} einbehalten, ${hold} nach ${late ? 'der Zahlung' : 'dem Beginn'}; vorher wird keine Auszahlung geplant.`,
    paidBodyNoHold: (from) => `Die Buchung ab ${from} ist bestätigt.`,
  },
  payout: {
    scheduled: (title) => `Auszahlung für ${title} geplant`,
    scheduledBody: (amount, grower) =>
      `${amount} für die Miete von ${grower} ist zur Auszahlung eingeplant. Wir sagen dir Bescheid, sobald sie gesendet ist.`,
    detailsNeeded: (amount) => `Hinterlege deine Auszahlungsdaten, um ${amount} zu erhalten`,
    detailsNeededBody: (grower) =>
      `Die Auszahlung für die Miete von ${grower} wartet auf deine Auszahlungsdaten. Hinterlege auf deiner Einnahmen-Seite eine Bitcoin- oder Lightning-Adresse, dann geht sie beim nächsten Lauf raus.`,
    sent: (amount) => `Auszahlung gesendet: ${amount}`,
    sentBody: (title, proof) => `Deine Auszahlung für ${title} wurde gesendet. Nachweis: ${proof}`,
    sentBodyNoProof: (title) => `Deine Auszahlung für ${title} wurde gesendet.`,
    viewEarnings: 'Einnahmen ansehen',
    addDetails: 'Auszahlungsdaten hinterlegen',
  },
  payoutMethod: {
    subject: 'Deine Auszahlungsdaten wurden geändert',
    preheader: 'Das Ziel deiner Yardshare-Auszahlungen hat sich geändert.',
    body: (destination) => `Deine Auszahlungen gehen ab jetzt an ${destination}.`,
    hold: (hours) =>
      `Zu deiner Sicherheit gehen Auszahlungen erst ${hours} Stunden nach der Änderung an das neue Ziel.`,
    firstOne: 'Fällige Auszahlungen gehen ab jetzt dorthin.',
    notYou:
      'Warst du das nicht? Melde dich an, ändere sofort dein Passwort und deine Auszahlungsdaten und schreib dem Support.',
    action: 'Auszahlungsdaten prüfen',
    footer: `Du erhältst diese E-Mail, weil es die Adresse deines ${PRODUCT_NAME}-Kontos ist.`,
  },
  receipt: {
    title: (total, title) => `Beleg: ${total} für ${title} bezahlt`,
    paid: (total, rent, fee) => `Du hast ${total} bezahlt: ${rent} Miete und ${fee} Servicegebühr.`,
    held: (until) => `Yardshare hält die Miete bis ${until} zurück und zahlt sie dann an den Gastgeber aus.`,
    heldMonthly: (until) =>
      `Yardshare hält die Miete zurück und zahlt sie Monat für Monat an den Gastgeber aus, jeden Monat nach seiner Haltefrist; den ersten am ${until}.`,
    reference: (ref) => `Zahlungsreferenz: ${ref}`,
  },
  // The grow agreement's words (ADR 045): rendered by the server from the frozen parts.
  agreement: {
    title: 'Anbauvereinbarung',
    version: (version) => `Fassung ${version}`,
    licence:
      'Dies ist eine Erlaubnis, die Fläche zum Gärtnern zu nutzen, kein Miet- oder Pachtvertrag: Sie gibt kein Recht, dort zu wohnen, und keinen alleinigen Besitz am Grundstück.',
    parties: 'Die Parteien',
    partiesLine: (a, b) => `Gastgeber: ${a}. Gärtner: ${b}.`,
    space: 'Die Fläche',
    streetAddress: (address) => `Straßenadresse: ${address}`,
    onePlot: (a) => `Eines der ${a} Beete in diesem Gemeinschaftsgarten.`,
    dates: 'Zeitraum',
    openEnded: (start) => `Ab ${start}, unbefristet`,
    rent: 'Miete',
    totalWithFee: (a) => `Gesamt mit Servicegebühr: ${a}`,
    policy: (name, summary, fee) =>
      `Stornierung „${name}“: ${summary} Die Gebühr von ${fee} % wird nicht erstattet. Storniert der Gastgeber, bekommst du alles zurück.`,
    flexible: 'Flexibel',
    moderate: 'Moderat',
    strict: 'Streng',
    flexibleSummary:
      'Storniere bis zum Tag vor Beginn und du bekommst die ganze Miete zurück. Danach werden die ganzen, noch nicht begonnenen Monate nach dem ersten erstattet.',
    moderateSummary: (days) =>
      `Storniere ${days}+ Tage vor Beginn und du bekommst die ganze Miete zurück. Danach werden die ganzen, noch nicht begonnenen Monate nach dem ersten erstattet.`,
    strictSummary: (days, halfDays) =>
      `Storniere ${days}+ Tage vor Beginn und du bekommst die ganze Miete zurück, oder ${halfDays}+ Tage vorher alles bis auf die Hälfte des ersten Monats. Danach werden die ganzen, noch nicht begonnenen Monate erstattet, nach dem ersten und einem weiteren Monat Kündigungsfrist.`,
    exchange: 'Arbeit im Austausch',
    hoursPerWeek: (hours) => `${hours} Std. pro Woche`,
    usualDuties: 'Gartenarbeit, Woche für Woche mit dem Gastgeber abgesprochen.',
    growing: 'Was angebaut oder gebaut werden darf',
    usualGrowing: 'Gemüse, Kräuter, Obst und Blumen; nichts Invasives oder Illegales.',
    structuresAllowed: 'Feste Bauten sind erlaubt.',
    noStructures:
      'Keine festen Bauten (Schuppen, feste Beete, Gewächshäuser) ohne schriftliche Zustimmung des Gastgebers.',
    access: 'Zugang, Wasser und Werkzeug',
    usualAccess: 'Zugang bei Tageslicht, nach Absprache mit dem Gastgeber.',
    usualWater: 'Wasser, soweit vor Ort vorhanden.',
    usualTools: 'Der Gärtner bringt eigenes Werkzeug mit.',
    houseRules: 'Hausregeln',
    usualRules: 'Keine über diese Vereinbarung hinaus.',
    endingEarly: 'Vorzeitiges Ende',
    notice: (gDays, hDays) =>
      `Der Gärtner kann den Aufenthalt mit ${gDays} Frist vorzeitig beenden, der Gastgeber mit ${hDays} Frist.`,
    refundRule: 'Die Miete für noch nicht begonnene Monate wird nach der Stornierungsregel erstattet.',
    growerRequest: 'Die Anfrage des Gärtners',
    acceptedBy: (who, a) => `Angenommen von ${who} am ${a}`,
    notAcceptedBy: (who) => `Noch nicht angenommen von ${who}`,
    months: (x) => `${n(x)} ${plural('de', x, { one: 'Monat', other: 'Monate' })}`,
    days: (x) => `${n(x)} ${plural('de', x, { one: 'Tag', other: 'Tage' })}`,
  },
  refunded: (amount, title) => `Erstattung von ${amount} für ${title}`,
  refundBody: (amount) =>
    `Eine Erstattung von ${amount} wurde erfasst und wird dir über den Zahlungsanbieter zurückgesendet.`,
  listingReviewed: (reviewer, title) => `${reviewer} hat ${title} bewertet`,
  reviewWithoutStay:
    'Keine bestätigte Buchung: Diese Bewertung stammt nicht aus einem über Yardshare gebuchten Aufenthalt, und das Inserat kennzeichnet sie so.',
  growerReviewed: (host, title) => `${host} hat dich für ${title} bewertet`,
  hoursLogged: (grower, hours, title) => `${grower} hat ${hours} bei ${title} eingetragen`,
  hoursLoggedBody: (day) => `Für den ${day}. Bestätige oder beanstande sie.`,
  hoursConfirmed: (host, hours, title) => `${host} hat deine ${hours} bei ${title} bestätigt`,
  hoursDisputed: (host, hours, title) => `${host} hat deine ${hours} bei ${title} beanstandet`,
  hoursConfirmedBody: (day) => `Für den ${day}.`,
  hoursDisputedBody: (day) => `Für den ${day}. Kläre es in den Nachrichten.`,
  savedSearchMatch: (search) => `Neues Inserat für deine Suche „${search}“`,
  savedSearchBody: (title, city, state) => `${title} in ${city}, ${state}`,
  waitlistOffer: (title) => `Ein Beet ist für dich frei: ${title}`,
  waitlistOfferBody: (dates, until) =>
    `Du bist als Nächstes auf der Warteliste, für ${dates}. Das Beet ist bis ${until} für dich reserviert: Nimm es an, um es zu buchen, oder lehne ab, um es weiterzugeben.`,
  waitlistOfferAction: 'Angebot ansehen',
  waitlistDeclined: (grower, title) => `${grower} hat das angebotene Beet bei ${title} abgelehnt`,
  waitlistDeclinedBody: 'Das Beet geht an die nächste Person auf der Liste.',
  reasonGiven: (reason) => `Angegebener Grund: ${reason}`,
  listingHidden: (title) => `Dein Inserat „${title}“ wurde von Yardshare ausgeblendet`,
  listingHiddenBody: (support) =>
    `Es hat gegen unsere Regeln verstoßen und wird daher niemandem mehr angezeigt. Fragen? Schreib an ${support}.`,
  warning: 'Eine Verwarnung von Yardshare',
  warningBody: (support) =>
    `Bitte halte dich an unsere Nutzungsbedingungen; Konten, die wiederholt dagegen verstoßen, werden gesperrt. Fragen? Schreib an ${support}.`,
  readTerms: 'Nutzungsbedingungen lesen',

  messageSent: (name) => `${name} hat dir eine Nachricht geschickt`,
  messagesSent: (name) => `${name} hat dir {n} Nachrichten geschickt`,
  messagesHeading: (name, count) =>
    count === 1
      ? `${name} hat dir eine Nachricht geschickt`
      : `${name} hat dir ${n(count)} Nachrichten geschickt`,
  messagesSubject: (name, count) =>
    count === 1 ? `Neue Nachricht von ${name}` : `${n(count)} neue Nachrichten von ${name}`,
  earlierMessages: (count) =>
    `…und ${n(count)} ${plural('de', count, { one: 'frühere Nachricht', other: 'frühere Nachrichten' })}.`,
  replyTo: (name) => `${name} antworten`,

  unsubscribeAll: 'Benachrichtigungs-E-Mails von Yardshare',
  unsubscribeKind: (label) => `E-Mails für „${label}“`,
  unsubscribeDescribe: (scope) => `Dieser Link schaltet ${scope} ab.`,
  unsubscribeDone: (scope) =>
    `Du erhältst keine ${scope} mehr. In den Kontoeinstellungen kannst du sie wieder einschalten.`,
  kinds: {
    message: 'Neue Nachrichten (nach 10 Minuten ungelesen)',
    booking_requested: 'Buchungsanfragen und Sofortbuchungen',
    booking_accepted: 'Buchung angenommen',
    booking_declined: 'Buchung abgelehnt',
    booking_cancelled: 'Buchung storniert',
    booking_expired: 'Buchung abgelaufen',
    booking_paid: 'Buchung bezahlt',
    rent_due: 'Monatsmiete fällig',
    payout_released: 'Auszahlung geplant',
    payout_sent: 'Auszahlung gesendet',
    payout_details_needed: 'Auszahlungsdaten fehlen',
    payment_refunded: 'Erstattungen',
    payment_receipt: 'Zahlungsbelege',
    review_received: 'Bewertungen, die du erhältst',
    hours_logged: 'Stunden eingetragen',
    hours_confirmed: 'Stunden bestätigt',
    hours_disputed: 'Stunden beanstandet',
    saved_search_match: 'Neue Inserate zu einer gespeicherten Suche',
    waitlist_offer: 'Beete von einer Warteliste angeboten',
    account_notice: 'Hinweise von Yardshare zu deinem Konto',
  },
};
