// The API's messages in German (see ../index.ts), keyed by the exact English text.
import type { TextTable } from '../types.ts';

const texts: TextTable = {
  'The database is not answering.': 'Die Datenbank antwortet nicht.',
  'Metrics need a bearer token.': 'Metriken brauchen ein Bearer-Token.',
  'Metrics are not open to you.': 'Die Metriken sind für dich nicht freigegeben.',
  'Not found: {method} {url}': 'Nicht gefunden: {method} {url}',
  'You need to sign in first': 'Du musst dich zuerst anmelden',
  'You have bookings or payments in progress. Finish or cancel them before deleting your account.':
    'Du hast laufende Buchungen oder Zahlungen. Schließe sie ab oder storniere sie, bevor du dein Konto löschst.',
  'Message sent': 'Nachricht gesendet',
  'Another account started using this e-mail address meanwhile, so it cannot become yours. Choose another address.':
    'Ein anderes Konto verwendet diese E-Mail-Adresse inzwischen, daher kann sie nicht deine werden. Wähle eine andere Adresse.',
  'Your e-mail address is already confirmed.': 'Deine E-Mail-Adresse ist bereits bestätigt.',
  'Too many confirmation e-mails were sent. Please try again later.':
    'Es wurden zu viele Bestätigungs-E-Mails gesendet. Bitte versuche es später erneut.',
  'Too many requests. Please try again later.': 'Zu viele Anfragen. Bitte versuche es später erneut.',
  'Too many failed attempts. Please try again later.':
    'Zu viele fehlgeschlagene Versuche. Bitte versuche es später erneut.',
  'This is already the e-mail address of your account.': 'Das ist bereits die E-Mail-Adresse deines Kontos.',
  'Email is already registered': 'Diese E-Mail-Adresse ist bereits registriert',
  'Choose an image you uploaded to Yardshare for your picture.':
    'Wähle für dein Bild ein Foto, das du auf Yardshare hochgeladen hast.',
  'The image could not be read': 'Das Bild konnte nicht gelesen werden',
  'Too many messages. Please try again later.': 'Zu viele Nachrichten. Bitte versuche es später erneut.',
  'This link has expired. Ask for a new one.': 'Dieser Link ist abgelaufen. Fordere einen neuen an.',
  'This link is not valid any more. Ask for a new one.':
    'Dieser Link ist nicht mehr gültig. Fordere einen neuen an.',
  'Report not found': 'Meldung nicht gefunden',
  'This report is already closed': 'Diese Meldung ist bereits geschlossen',
  'Listing not found': 'Inserat nicht gefunden',
  'This listing is already hidden': 'Dieses Inserat ist bereits ausgeblendet',
  'This listing is not public: its host removed it':
    'Dieses Inserat ist nicht öffentlich: Der Gastgeber hat es entfernt',
  'This listing was not hidden by an admin': 'Dieses Inserat wurde nicht von einem Admin ausgeblendet',
  'Its host is suspended: reinstate the host first':
    'Der Gastgeber ist gesperrt: Entsperre zuerst den Gastgeber',
  'Message not found': 'Nachricht nicht gefunden',
  'This message is already removed': 'Diese Nachricht ist bereits entfernt',
  'User not found': 'Person nicht gefunden',
  'You cannot suspend yourself': 'Du kannst dich nicht selbst sperren',
  'This user is already suspended': 'Diese Person ist bereits gesperrt',
  'This user is not suspended': 'Diese Person ist nicht gesperrt',
  'Not signed in': 'Nicht angemeldet',
  'Too many accounts created from this address. Please try again later.':
    'Von dieser Adresse wurden zu viele Konten erstellt. Bitte versuche es später erneut.',
  'Username already exists': 'Dieser Benutzername ist bereits vergeben',
  'Too many failed login attempts. Please try again later.':
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es später erneut.',
  'Invalid username or password': 'Benutzername oder Passwort ist falsch',
  'You cannot interact with this user.': 'Du kannst nicht mit dieser Person interagieren.',
  'You cannot block yourself': 'Du kannst dich nicht selbst blockieren',
  'You cannot book your own listing': 'Du kannst dein eigenes Inserat nicht buchen',
  'Account not found': 'Konto nicht gefunden',
  'Start date cannot be in the past': 'Das Startdatum darf nicht in der Vergangenheit liegen',
  'Choose how many months (1 to 12)': 'Wähle die Anzahl der Monate (1 bis 12)',
  'This listing has no price yet': 'Dieses Inserat hat noch keinen Preis',
  'Those dates are outside the season of this listing':
    'Diese Daten liegen außerhalb der Saison dieses Inserats',
  'You already have an open booking for this listing':
    'Du hast bereits eine offene Buchung für dieses Inserat',
  'This booking is {status}: it cannot be {value} now':
    'Diese Buchung hat den Status „{status}“: Das ist jetzt nicht möglich',
  'Only the {value} can do that': 'Nur die andere Seite der Buchung kann das tun',
  'This booking changed meanwhile; please reload':
    'Diese Buchung hat sich inzwischen geändert; bitte lade die Seite neu',
  'Only the grower pays for a booking': 'Nur der Gärtner bezahlt eine Buchung',
  'Only a rental of two months or more can be paid month by month':
    'Nur eine Miete von zwei Monaten oder mehr kann monatlich bezahlt werden',
  'No month of this booking is due now': 'Für diese Buchung ist gerade kein Monat fällig',
  'Payment plan must be whole or monthly': 'Die Zahlungsart muss whole oder monthly sein',
  'Only rentals are paid': 'Nur Mieten werden bezahlt',
  'This booking is {status}: it cannot be paid now':
    'Diese Buchung hat den Status „{status}“: Sie kann jetzt nicht bezahlt werden',
  'Payments are not available right now': 'Zahlungen sind gerade nicht verfügbar',
  'Booking not found': 'Buchung nicht gefunden',
  'No plot is free for those dates. Please choose other dates.':
    'Für diese Daten ist keine Parzelle frei. Bitte wähle andere Daten.',
  'Only work exchanges have an hours ledger': 'Nur Arbeitstausche haben ein Stundenbuch',
  'Only the grower logs hours': 'Nur der Gärtner trägt Stunden ein',
  'This exchange is {status}: hours cannot be logged':
    'Dieser Tausch hat den Status „{status}“: Es können keine Stunden eingetragen werden',
  'The date must fall within the exchange': 'Das Datum muss innerhalb des Tauschs liegen',
  'Hours cannot be logged ahead of time': 'Stunden können nicht im Voraus eingetragen werden',
  'Only the host confirms or disputes hours': 'Nur der Gastgeber bestätigt oder beanstandet Stunden',
  'Entry not found': 'Eintrag nicht gefunden',
  'This entry is already {status}': 'Dieser Eintrag hat bereits den Status „{status}“',
  'Invalid cursor': 'Ungültiger Cursor',
  'We could not find the place "{near}". Try "City, State".':
    'Wir konnten den Ort „{near}“ nicht finden. Versuche es mit „Stadt, Bundesstaat“.',
  'Sorting by distance needs a place in "near"': 'Die Sortierung nach Entfernung braucht einen Ort in „near“',
  'Images must be photos you uploaded to Yardshare':
    'Bilder müssen Fotos sein, die du auf Yardshare hochgeladen hast',
  'The same image is listed twice': 'Dasselbe Bild ist zweimal aufgeführt',
  'Please verify your e-mail address before publishing a listing.':
    'Bitte bestätige deine E-Mail-Adresse, bevor du ein Inserat veröffentlichst.',
  'You can only change your own listings': 'Du kannst nur deine eigenen Inserate ändern',
  'Invalid listing': 'Ungültiges Inserat',
  'Live updates are unavailable right now': 'Live-Aktualisierungen sind gerade nicht verfügbar',
  'There is no conversation with yourself': 'Es gibt keine Unterhaltung mit dir selbst',
  'You cannot message yourself': 'Du kannst dir nicht selbst schreiben',
  'Recipient not found': 'Empfänger nicht gefunden',
  'This booking is not between you two': 'Diese Buchung besteht nicht zwischen euch beiden',
  'This listing is not yours or theirs': 'Dieses Inserat gehört weder dir noch der anderen Person',
  'This unsubscribe link is not valid': 'Dieser Abbestell-Link ist nicht gültig',
  'Expected List-Unsubscribe=One-Click': 'List-Unsubscribe=One-Click erwartet',
  'The cursor is not valid': 'Der Cursor ist nicht gültig',
  'This host has not confirmed their e-mail address yet, so this listing cannot take payments. Please try again later or message the host.':
    'Dieser Gastgeber hat seine E-Mail-Adresse noch nicht bestätigt, daher kann dieses Inserat keine Zahlungen annehmen. Bitte versuche es später erneut oder schreib dem Gastgeber.',
  'Failed to create payment: the payment provider is not available. Please try again later.':
    'Die Zahlung konnte nicht erstellt werden: Der Zahlungsanbieter ist nicht erreichbar. Bitte versuche es später erneut.',
  'A payment for this listing is already in progress. Please try again.':
    'Für dieses Inserat läuft bereits eine Zahlung. Bitte versuche es erneut.',
  'A refund of this payment is being sent. Please try again in a minute.':
    'Eine Erstattung dieser Zahlung wird gerade gesendet. Bitte versuche es in einer Minute erneut.',
  'No webhook for provider {provider}': 'Kein Webhook für den Anbieter {provider}',
  'You cannot pay for your own listing': 'Du kannst nicht für dein eigenes Inserat bezahlen',
  'Only rental listings can be paid for': 'Nur Mietinserate können bezahlt werden',
  'This listing has no price': 'Dieses Inserat hat keinen Preis',
  'The price of this listing is {value} a month. Please reload the page and try again.':
    'Der Preis dieses Inserats beträgt {value} pro Monat. Bitte lade die Seite neu und versuche es erneut.',
  'The rental start date cannot be in the past':
    'Das Startdatum der Miete darf nicht in der Vergangenheit liegen',
  'The rental start date must be within {RENTAL_START_MAX_DAYS} days':
    'Das Startdatum der Miete muss innerhalb von {RENTAL_START_MAX_DAYS} Tagen liegen',
  'Payment not found': 'Zahlung nicht gefunden',
  'Only the host can refund this payment': 'Nur der Gastgeber kann diese Zahlung erstatten',
  'This payment is already refunded': 'Diese Zahlung ist bereits erstattet',
  'Only a completed payment can be refunded': 'Nur eine abgeschlossene Zahlung kann erstattet werden',
  'Nothing is left to refund': 'Es ist nichts mehr zu erstatten',
  'The payment provider could not be reached to confirm the charge. Please retry.':
    'Der Zahlungsanbieter war nicht erreichbar, um die Belastung zu bestätigen. Bitte versuche es erneut.',
  'You cannot report yourself': 'Du kannst dich nicht selbst melden',
  'You cannot report your own listing': 'Du kannst dein eigenes Inserat nicht melden',
  'You cannot report your own message': 'Du kannst deine eigene Nachricht nicht melden',
  'You have sent many reports in a short time. Please try again later.':
    'Du hast in kurzer Zeit viele Meldungen gesendet. Bitte versuche es später erneut.',
  'You already reported this, and your report is still open. Our team will look at it.':
    'Du hast das bereits gemeldet, und deine Meldung ist noch offen. Unser Team sieht sie sich an.',
  'Only the host can review the grower': 'Nur der Gastgeber kann den Gärtner bewerten',
  'Only the grower can review the listing': 'Nur der Gärtner kann das Inserat bewerten',
  'This booking is {status}: it can be reviewed once completed':
    'Diese Buchung hat den Status „{status}“: Sie kann bewertet werden, sobald sie abgeschlossen ist',
  'The time to review this booking has passed': 'Die Frist für die Bewertung dieser Buchung ist abgelaufen',
  'Both reviews are shown now: yours can no longer be changed':
    'Beide Bewertungen sind jetzt sichtbar: Deine kann nicht mehr geändert werden',
  'You cannot review your own listing': 'Du kannst dein eigenes Inserat nicht bewerten',
  'You can save up to {SAVED_SEARCHES_MAX} searches. Delete one to save another.':
    'Du kannst bis zu {SAVED_SEARCHES_MAX} Suchen speichern. Lösche eine, um eine weitere zu speichern.',
  'Saved search not found': 'Gespeicherte Suche nicht gefunden',
  'No such sitemap': 'Diese Sitemap gibt es nicht',
  'Send the images as multipart/form-data in the field "images"':
    'Sende die Bilder als multipart/form-data im Feld „images“',
  'Images must be sent in the field "images"': 'Bilder müssen im Feld „images“ gesendet werden',
  'Each photo of a listing must be at least {PHOTO_MIN_SIDE} px on its shorter side':
    'Jedes Foto eines Inserats muss an der kürzeren Seite mindestens {PHOTO_MIN_SIDE} px haben',
  'for must be listing': 'for muss listing sein',
  'q must be at most 202 characters': 'q darf höchstens 202 Zeichen lang sein',
  'Each image must be 5 MB or smaller': 'Jedes Bild darf höchstens 5 MB groß sein',
  'At most {IMAGES_PER_UPLOAD} images at a time': 'Höchstens {IMAGES_PER_UPLOAD} Bilder auf einmal',
  'Too many form fields': 'Zu viele Formularfelder',
  'The upload could not be read: send a complete multipart/form-data body with its boundary':
    'Der Upload konnte nicht gelesen werden: Sende einen vollständigen multipart/form-data-Body mit seiner Boundary',
  'No images were sent': 'Es wurden keine Bilder gesendet',
  'No such upload': 'Diesen Upload gibt es nicht',
  'Only JPEG, PNG, WebP, GIF or AVIF images are accepted':
    'Nur JPEG-, PNG-, WebP-, GIF- oder AVIF-Bilder werden akzeptiert',
  'Images may have at most {value} megapixels (this one is {width} x {height})':
    'Bilder dürfen höchstens {value} Megapixel haben (dieses hat {width} x {height})',
  'You can upload {left} more image{value} today (at most {maxPerDay} a day)':
    'Bilder, die du heute noch hochladen kannst: {left} (höchstens {maxPerDay} pro Tag)',
  'You have reached the limit of {maxPerDay} images a day; try again later':
    'Du hast das Limit von {maxPerDay} Bildern pro Tag erreicht; versuche es später erneut',
  'You have reached the limit of {value} of images a day; try again later':
    'Du hast das Limit von {value} an Bildern pro Tag erreicht; versuche es später erneut',
  'Invalid request': 'Ungültige Anfrage',
  'The request contains a value that cannot be stored or searched':
    'Die Anfrage enthält einen Wert, der nicht gespeichert oder gesucht werden kann',
  'The database is not answering. Please try again in a moment.':
    'Die Datenbank antwortet nicht. Bitte versuche es gleich noch einmal.',
  'This is taking too long right now. Please try again in a moment.':
    'Das dauert gerade zu lange. Bitte versuche es gleich noch einmal.',
  'Internal server error': 'Interner Serverfehler',
  'Malformed JSON in request body': 'Fehlerhaftes JSON im Anfrage-Body',
  'Request body is empty': 'Der Anfrage-Body ist leer',
  'Request body is too large': 'Der Anfrage-Body ist zu groß',
  'Unsupported content type': 'Nicht unterstützter Inhaltstyp',
  'Invalid content length': 'Ungültige Inhaltslänge',
  'Bad request': 'Fehlerhafte Anfrage',
  'Cross-site request refused': 'Websiteübergreifende Anfrage abgelehnt',
  'The link is not valid': 'Der Link ist nicht gültig',
  'The link is incomplete': 'Der Link ist unvollständig',
  'Current password is required': 'Das aktuelle Passwort ist erforderlich',
  'Password is required': 'Das Passwort ist erforderlich',
  'Name must be at least 2 characters.': 'Der Name muss mindestens 2 Zeichen lang sein.',
  'Please enter a valid email address.': 'Bitte gib eine gültige E-Mail-Adresse ein.',
  'Subject must be at least 5 characters.': 'Der Betreff muss mindestens 5 Zeichen lang sein.',
  'Message must be at least 10 characters.': 'Die Nachricht muss mindestens 10 Zeichen lang sein.',
  'Username may contain only letters, numbers, dots, dashes and underscores':
    'Der Benutzername darf nur Buchstaben, Ziffern, Punkte, Bindestriche und Unterstriche enthalten',
  'Username must be at most {USERNAME_MAX} characters':
    'Der Benutzername darf höchstens {USERNAME_MAX} Zeichen lang sein',
  'Username is required': 'Der Benutzername ist erforderlich',
  'Password must be at most {PASSWORD_MAX} characters':
    'Das Passwort darf höchstens {PASSWORD_MAX} Zeichen lang sein',
  'Password must be at least {PASSWORD_MIN} characters':
    'Das Passwort muss mindestens {PASSWORD_MIN} Zeichen lang sein',
  'Email is too long': 'Die E-Mail-Adresse ist zu lang',
  'Please enter a valid email address': 'Bitte gib eine gültige E-Mail-Adresse ein',
  'Full name must be at most {NAME_MAX} characters':
    'Der vollständige Name darf höchstens {NAME_MAX} Zeichen lang sein',
  'Full name is required': 'Der vollständige Name ist erforderlich',
  'Passwords do not match': 'Die Passwörter stimmen nicht überein',
  'Bio must be at most {BIO_MAX} characters': 'Die Bio darf höchstens {BIO_MAX} Zeichen lang sein',
  'Months must be between 1 and {BOOKING_MONTHS_MAX}':
    'Die Anzahl der Monate muss zwischen 1 und {BOOKING_MONTHS_MAX} liegen',
  'Months must be a whole number': 'Die Anzahl der Monate muss eine ganze Zahl sein',
  'Months must be a number': 'Die Anzahl der Monate muss eine Zahl sein',
  'Note must be at most {BOOKING_NOTE_MAX} characters':
    'Die Notiz darf höchstens {BOOKING_NOTE_MAX} Zeichen lang sein',
  'Action must be accept, decline, cancel or withdraw':
    'Die Aktion muss accept, decline, cancel oder withdraw sein',
  'Hours must be in quarter hours (e.g. 2.5)':
    'Stunden müssen in Viertelstunden angegeben werden (z. B. 2,5)',
  'Hours must be at most {HOURS_PER_ENTRY_MAX}': 'Es dürfen höchstens {HOURS_PER_ENTRY_MAX} Stunden sein',
  'Hours must be more than 0': 'Die Stunden müssen mehr als 0 sein',
  'Hours must be a number': 'Die Stunden müssen eine Zahl sein',
  'What was done must be at most 500 characters':
    'Die Beschreibung der Arbeit darf höchstens 500 Zeichen lang sein',
  'Say what was done': 'Beschreibe, was gemacht wurde',
  'Decision must be confirm or dispute': 'Die Entscheidung muss confirm oder dispute sein',
  '{label} contains characters that are not allowed': 'Das Feld „{label}“ enthält unzulässige Zeichen',
  '{label} must be a real date': 'Das Feld „{label}“ muss ein echtes Datum sein',
  '{label} must be a date (YYYY-MM-DD)': 'Das Feld „{label}“ muss ein Datum sein (JJJJ-MM-TT)',
  '{label} is out of range': 'Das Feld „{label}“ liegt außerhalb des zulässigen Bereichs',
  '{label} must be a positive number': 'Das Feld „{label}“ muss eine positive Zahl sein',
  '{label} must be a whole number': 'Das Feld „{label}“ muss eine ganze Zahl sein',
  '{label} must be a number': 'Das Feld „{label}“ muss eine Zahl sein',
  'Type must be rental, exchange or community': 'Der Typ muss rental, exchange oder community sein',
  '{label} must be at most {max} characters': 'Das Feld „{label}“ darf höchstens {max} Zeichen lang sein',
  '{label} is required': 'Das Feld „{label}“ ist erforderlich',
  'At most {AMENITIES_MAX} amenities': 'Höchstens {AMENITIES_MAX} Ausstattungsmerkmale',
  'Too many amenities': 'Zu viele Ausstattungsmerkmale',
  'Amenities must be a list': 'Die Ausstattung muss eine Liste sein',
  'Each amenity must be at most {AMENITY_MAX} characters':
    'Jedes Ausstattungsmerkmal darf höchstens {AMENITY_MAX} Zeichen lang sein',
  '{label} must be between 1 and 12': 'Das Feld „{label}“ muss zwischen 1 und 12 liegen',
  '{label} must be a month number': 'Das Feld „{label}“ muss eine Monatszahl sein',
  'Price is too high': 'Der Preis ist zu hoch',
  'Price cannot be negative': 'Der Preis darf nicht negativ sein',
  'Price must be a whole number of dollars': 'Der Preis muss ein ganzer Dollarbetrag sein',
  'Work hours must be between {WORK_HOURS_MIN} and {WORK_HOURS_MAX}':
    'Die Arbeitsstunden müssen zwischen {WORK_HOURS_MIN} und {WORK_HOURS_MAX} liegen',
  'Work hours must be a whole number': 'Die Arbeitsstunden müssen eine ganze Zahl sein',
  'Size must be at most {SIZE_MAX} characters': 'Die Größe darf höchstens {SIZE_MAX} Zeichen lang sein',
  'At most {IMAGES_PER_UPLOAD} images': 'Höchstens {IMAGES_PER_UPLOAD} Bilder',
  'Images must be a list of uploaded paths': 'Bilder müssen eine Liste hochgeladener Pfade sein',
  'Plots must be between 1 and {PLOTS_MAX}':
    'Die Anzahl der Parzellen muss zwischen 1 und {PLOTS_MAX} liegen',
  'Plots must be a whole number': 'Die Anzahl der Parzellen muss eine ganze Zahl sein',
  'Booking mode must be instant or request': 'Der Buchungsmodus muss instant oder request sein',
  'Cancellation policy must be flexible, moderate or strict':
    'Die Stornobedingungen müssen flexible, moderate oder strict sein',
  'A season needs both a first and a last month': 'Eine Saison braucht einen ersten und einen letzten Monat',
  'Price is required for rentals': 'Für Mieten ist ein Preis erforderlich',
  'Work hours are required for work exchanges': 'Für Arbeitstausche sind Arbeitsstunden erforderlich',
  'Sort must be newest, price_asc, price_desc or distance':
    'Die Sortierung muss newest, price_asc, price_desc oder distance sein',
  'Search text must be at most {max} characters': 'Der Suchtext darf höchstens {max} Zeichen lang sein',
  '{name} must be at most {max}': 'Das Feld „{name}“ darf höchstens {max} sein',
  '{name} must be a whole number of {unit}': 'Das Feld „{name}“ muss eine ganze Zahl sein',
  'amenities is too long': 'amenities ist zu lang',
  'amenities must be a comma-separated list': 'amenities muss eine durch Kommas getrennte Liste sein',
  'maxPrice must not be less than minPrice': 'maxPrice darf nicht kleiner als minPrice sein',
  'radiusKm must be at most 5000': 'radiusKm darf höchstens 5000 sein',
  'radiusKm must be positive': 'radiusKm muss positiv sein',
  'radiusKm must be a number': 'radiusKm muss eine Zahl sein',
  'limit must be at most {LISTINGS_PAGE_MAX}': 'limit darf höchstens {LISTINGS_PAGE_MAX} sein',
  'limit must be at least 1': 'limit muss mindestens 1 sein',
  'limit must be a whole number': 'limit muss eine ganze Zahl sein',
  'limit must be a number': 'limit muss eine Zahl sein',
  'Message must be at most {MESSAGE_MAX} characters':
    'Die Nachricht darf höchstens {MESSAGE_MAX} Zeichen lang sein',
  'Message cannot be empty': 'Die Nachricht darf nicht leer sein',
  'Message content is required': 'Der Inhalt der Nachricht ist erforderlich',
  'Subject type must be listing, user or message': 'Der Objekttyp muss listing, user oder message sein',
  'Choose a reason: scam, unsafe, harassment, spam or other':
    'Wähle einen Grund: scam, unsafe, harassment, spam oder other',
  'Details must be at most {REPORT_TEXT_MAX} characters':
    'Die Details dürfen höchstens {REPORT_TEXT_MAX} Zeichen lang sein',
  'Reason must be at most {ADMIN_REASON_MAX} characters':
    'Der Grund darf höchstens {ADMIN_REASON_MAX} Zeichen lang sein',
  'A reason is required': 'Ein Grund ist erforderlich',
  'Message must be at most {ADMIN_REASON_MAX} characters':
    'Die Nachricht darf höchstens {ADMIN_REASON_MAX} Zeichen lang sein',
  'amount is too large': 'amount ist zu groß',
  'amount must be positive': 'amount muss positiv sein',
  'amount must be a whole number of cents': 'amount muss eine ganze Zahl von Cent sein',
  'amount must be a number of cents': 'amount muss eine Anzahl von Cent sein',
  'page is too large': 'page ist zu groß',
  'page must be at least 1': 'page muss mindestens 1 sein',
  'page must be a whole number': 'page muss eine ganze Zahl sein',
  'page must be a number': 'page muss eine Zahl sein',
  'status must be open, closed or all': 'status muss open, closed oder all sein',
  'Search text must be at most 200 characters': 'Der Suchtext darf höchstens 200 Zeichen lang sein',
  'filter must be all or flagged': 'filter muss all oder flagged sein',
  'Unknown subject type': 'Unbekannter Objekttyp',
  'subjectId is out of range': 'subjectId liegt außerhalb des zulässigen Bereichs',
  'subjectId must be positive': 'subjectId muss positiv sein',
  'subjectId must be a whole number': 'subjectId muss eine ganze Zahl sein',
  'subjectId must be a number': 'subjectId muss eine Zahl sein',
  'listingId is out of range': 'listingId liegt außerhalb des zulässigen Bereichs',
  'listingId must be positive': 'listingId muss positiv sein',
  'listingId must be a whole number': 'listingId muss eine ganze Zahl sein',
  'listingId must be a number': 'listingId muss eine Zahl sein',
  'Rating must be between {RATING_MIN} and {RATING_MAX}':
    'Die Bewertung muss zwischen {RATING_MIN} und {RATING_MAX} liegen',
  'Rating must be a whole number': 'Die Bewertung muss eine ganze Zahl sein',
  'Rating must be a number': 'Die Bewertung muss eine Zahl sein',
  'Comment must be at most {REVIEW_COMMENT_MAX} characters':
    'Der Kommentar darf höchstens {REVIEW_COMMENT_MAX} Zeichen lang sein',
  'Name must be at most {SAVED_SEARCH_NAME_MAX} characters':
    'Der Name darf höchstens {SAVED_SEARCH_NAME_MAX} Zeichen lang sein',
  'The search is too long': 'Die Suche ist zu lang',
  'User id': 'Personen-ID',
  'Booking id': 'Buchungs-ID',
  'Entry id': 'Eintrags-ID',
  'Listing id': 'Inserats-ID',
  // Waiting lists (ADR 049).
  'A plot is free for those dates: book it instead.': 'Für diese Daten ist ein Beet frei: Buche es direkt.',
  'A work exchange has no waiting list: send the host a request':
    'Ein Arbeitstausch hat keine Warteliste: Sende dem Gastgeber eine Anfrage',
  'Offer id': 'Angebots-ID',
  'Offer not found': 'Angebot nicht gefunden',
  'Only the host can see and change the waiting list':
    'Nur der Gastgeber kann die Warteliste sehen und ändern',
  'Please give a reason': 'Bitte gib einen Grund an',
  'Position is out of range': 'Die Position liegt außerhalb des gültigen Bereichs',
  'Position must be 1 or more': 'Die Position muss 1 oder größer sein',
  'Position must be a number': 'Die Position muss eine Zahl sein',
  'Position must be a whole number': 'Die Position muss eine ganze Zahl sein',
  'The host closed this waiting list': 'Der Gastgeber hat diese Warteliste geschlossen',
  'This offer has expired': 'Dieses Angebot ist abgelaufen',
  'This offer is no longer open': 'Dieses Angebot ist nicht mehr offen',
  'This person is not waiting on this list': 'Diese Person wartet nicht auf dieser Liste',
  'You already hold a plot here for those dates.': 'Du hast hier für diese Daten bereits ein Beet.',
  'You are already on this waiting list': 'Du stehst bereits auf dieser Warteliste',
  'You are not on this waiting list': 'Du stehst nicht auf dieser Warteliste',
  'You cannot join the waiting list of your own listing':
    'Du kannst nicht auf die Warteliste deines eigenen Inserats',
  'You left the waiting list': 'Du hast die Warteliste verlassen',
  'must be 1 hour or more': 'muss mindestens 1 Stunde sein',
  'must be 336 hours (14 days) or less': 'darf höchstens 336 Stunden (14 Tage) sein',
  'must be a number of hours': 'muss eine Anzahl Stunden sein',
  'Payment id': 'Zahlungs-ID',
  'Saved search id': 'ID der gespeicherten Suche',
  Token: 'Token',
  'Current password': 'Aktuelles Passwort',
  Password: 'Passwort',
  'Image path': 'Bildpfad',
  Name: 'Name',
  Email: 'E-Mail',
  Subject: 'Betreff',
  Message: 'Nachricht',
  Username: 'Benutzername',
  'Full name': 'Vollständiger Name',
  Bio: 'Bio',
  'Start date': 'Startdatum',
  Note: 'Notiz',
  Date: 'Datum',
  'What was done': 'Was erledigt wurde',
  Amenity: 'Ausstattungsmerkmal',
  Size: 'Größe',
  Image: 'Bild',
  'Search text': 'Suchtext',
  Details: 'Details',
  Reason: 'Grund',
  Cursor: 'Cursor',
  'Notification id': 'Benachrichtigungs-ID',
  'Rental start': 'Mietbeginn',
  Comment: 'Kommentar',
  Query: 'Suchanfrage',
  'Language must be en, es, fr, de or ja': 'Die Sprache muss en, es, fr, de oder ja sein',
  'Password must not be the same as your username or email':
    'Das Passwort darf nicht mit deinem Benutzernamen oder deiner E-Mail-Adresse übereinstimmen',
  'This password is one of the most common ones. Please choose another.':
    'Dieses Passwort gehört zu den häufigsten. Bitte wähle ein anderes.',
  'This account is suspended. Contact {supportEmail} if you think this is a mistake.':
    'Dieses Konto ist gesperrt. Wenn du glaubst, dass das ein Fehler ist, wende dich an {supportEmail}.',
  'Not found': 'Nicht gefunden',
  // Payouts (ADR 032)
  'This is a {other} address; payouts are sent on {network}':
    'Das ist eine {other}-Adresse; Auszahlungen gehen über {network}',
  'This is not a valid Bitcoin address': 'Das ist keine gültige Bitcoin-Adresse',
  'This is not a valid LNURL': 'Das ist keine gültige LNURL',
  'Enter a Lightning address (name@domain) or an LNURL':
    'Gib eine Lightning-Adresse (name@domain) oder eine LNURL ein',
  'You have not added a payout method yet': 'Du hast noch keine Auszahlungsmethode hinterlegt',
  'Your password is not correct': 'Dein Passwort ist nicht korrekt',
  'The reason is too long': 'Die Begründung ist zu lang',
  'Reference is too long': 'Die Referenz ist zu lang',
  'Reference is required': 'Die Referenz fehlt',
  'Give the reference of the payment you made': 'Gib die Referenz der Zahlung an, die du geleistet hast',
  'Payout not found': 'Auszahlung nicht gefunden',
  // The console's background jobs (issue 62).
  'A run of this job is already waiting. Retry once it has run.':
    'Ein Lauf dieses Jobs wartet bereits. Versuche es erneut, sobald er gelaufen ist.',
  'Job not found': 'Job nicht gefunden',
  'This job is no longer failed or dead: it was retried already.':
    'Dieser Job ist nicht mehr fehlgeschlagen oder aufgegeben: Er wurde bereits erneut versucht.',
  'This is not a job kind': 'Das ist keine Job-Art',
  'The job kind is too long': 'Die Job-Art ist zu lang',
  'A job kind is required': 'Eine Job-Art ist erforderlich',
  'The job id must be a UUID': 'Die Job-ID muss eine UUID sein',
  'This payout cannot be changed that way in its current state':
    'Diese Auszahlung kann in ihrem aktuellen Zustand nicht so geändert werden',
  'The payment provider could not be reached to confirm the payout. Please retry.':
    'Der Zahlungsanbieter war nicht erreichbar, um die Auszahlung zu bestätigen. Bitte versuche es erneut.',
  'type must be bitcoin, lightning or usdc': 'type muss bitcoin, lightning oder usdc sein',
  'Enter a USDC address on Base: 0x and 40 letters and digits':
    'Geben Sie eine USDC-Adresse auf Base ein: 0x und 40 Buchstaben und Ziffern',
  'This address has a typo: its checksum does not match':
    'Diese Adresse enthält einen Tippfehler: ihre Prüfsumme stimmt nicht',
  'This is not an address anyone can receive at': 'An diese Adresse kann niemand Geld empfangen',
  'This marketplace pays hosts by {value}, not {type}':
    'Dieser Marktplatz zahlt Gastgebern per {value} aus, nicht per {type}',
  'Destination is too long': 'Das Ziel ist zu lang',
  'Destination is required': 'Das Ziel fehlt',
  'Password is too long': 'Das Passwort ist zu lang',
  'from must be a date (YYYY-MM-DD)': 'from muss ein Datum sein (JJJJ-MM-TT)',
  'to must be a date (YYYY-MM-DD)': 'to muss ein Datum sein (JJJJ-MM-TT)',
  Reference: 'Referenz',
  'Payout id': 'Auszahlungs-ID',
  Destination: 'Ziel',
  'This booking is {status}: its agreement cannot change':
    'Diese Buchung ist {status}: ihre Vereinbarung kann nicht mehr geändert werden',
  'The change must differ from the version in force':
    'Die Änderung muss sich von der geltenden Fassung unterscheiden',
  'You already accepted this version': 'Du hast diese Fassung bereits angenommen',
  'This stay is already ending early': 'Dieser Aufenthalt endet bereits vorzeitig',
  'The end date must fall within the stay': 'Das Enddatum muss innerhalb des Aufenthalts liegen',
  "The agreement asks for {days} days' notice: the earliest end is {earliest}":
    'Die Vereinbarung verlangt {days} Tage Kündigungsfrist: das früheste Ende ist der {earliest}',
  'This booking is {status}: only a running stay can end early':
    'Diese Buchung ist {status}: nur ein laufender Aufenthalt kann vorzeitig enden',
  '{label} must be between 0 and {NOTICE_DAYS_MAX} days':
    'Das Feld „{label}“ muss zwischen 0 und {NOTICE_DAYS_MAX} Tagen liegen',
  '{label} must be a whole number of days': 'Das Feld „{label}“ muss eine ganze Zahl von Tagen sein',
  'Permanent structures must be yes or no': 'Feste Bauten müssen ja oder nein sein',
  'Version must be a positive number': 'Die Fassung muss eine positive Zahl sein',
  'Version must be a whole number': 'Die Fassung muss eine ganze Zahl sein',
  'Version must be a number': 'Die Fassung muss eine Zahl sein',
  'Say why the stay ends early': 'Sag, warum der Aufenthalt vorzeitig endet',
  'The stay has ended': 'Der Aufenthalt ist beendet',
  'End date': 'Enddatum',
  'House rules': 'Hausregeln',
  Duties: 'Aufgaben',
  'What may be grown': 'Was angebaut werden darf',
  'Access hours': 'Zugangszeiten',
  Water: 'Wasser',
  Tools: 'Werkzeug',
  'Grower notice': 'Kündigungsfrist des Gärtners',
  'Host notice': 'Kündigungsfrist des Gastgebers',
  // Calendars that sync (ADR 048).
  'Calendar not found': 'Kalender nicht gefunden',
  'A listing cannot import a Yardshare feed of its own.':
    'Ein Inserat kann keinen eigenen Yardshare-Kalender importieren.',
  'A listing can import at most {CALENDAR_IMPORTS_MAX} calendars.':
    'Ein Inserat kann höchstens {CALENDAR_IMPORTS_MAX} Kalender importieren.',
  'This calendar is already imported.': 'Dieser Kalender ist bereits importiert.',
  'Imported calendar not found': 'Importierter Kalender nicht gefunden',
  'Enter the address of a calendar feed': 'Gib die Adresse eines Kalender-Feeds ein',
  'Feed address must be at most {CALENDAR_URL_MAX} characters':
    'Die Feed-Adresse darf höchstens {CALENDAR_URL_MAX} Zeichen lang sein',
  'Feed address is required': 'Die Feed-Adresse ist erforderlich',
  'Import id': 'Import-ID',
  'Feed address': 'Feed-Adresse',
  'This is not a feed address.': 'Das ist keine Feed-Adresse.',
  'The feed address must start with https://.': 'Die Feed-Adresse muss mit https:// beginnen.',
  'The feed address points to a private network.': 'Die Feed-Adresse zeigt auf ein privates Netzwerk.',
  'The feed could not be reached.': 'Der Feed war nicht erreichbar.',
  'The feed took too long to answer.': 'Der Feed hat zu lange für eine Antwort gebraucht.',
  'The feed is too large.': 'Der Feed ist zu groß.',
  'The feed has too many events or repeats to read.':
    'Der Feed hat zu viele Termine oder Wiederholungen zum Lesen.',
  'The feed address answered with an error.': 'Die Feed-Adresse hat mit einem Fehler geantwortet.',
  'The feed is not an iCalendar file.': 'Der Feed ist keine iCalendar-Datei.',
};

export default texts;
