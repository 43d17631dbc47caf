// The API's messages in French (see ../index.ts), keyed by the exact English text.
import type { TextTable } from '../types.ts';

const texts: TextTable = {
  'The database is not answering.': 'La base de données ne répond pas.',
  'Metrics need a bearer token.': 'Les métriques demandent un jeton bearer.',
  'Metrics are not open to you.': 'Les métriques ne vous sont pas ouvertes.',
  'Not found: {method} {url}': 'Introuvable : {method} {url}',
  'You need to sign in first': 'Vous devez d’abord vous connecter',
  'You have bookings or payments in progress. Finish or cancel them before deleting your account.':
    'Vous avez des réservations ou des paiements en cours. Terminez-les ou annulez-les avant de supprimer votre compte.',
  'Message sent': 'Message envoyé',
  'Another account started using this e-mail address meanwhile, so it cannot become yours. Choose another address.':
    'Un autre compte a commencé à utiliser cette adresse e-mail entre-temps, elle ne peut donc pas devenir la vôtre. Choisissez une autre adresse.',
  'Your e-mail address is already confirmed.': 'Votre adresse e-mail est déjà confirmée.',
  'Too many confirmation e-mails were sent. Please try again later.':
    'Trop d’e-mails de confirmation ont été envoyés. Veuillez réessayer plus tard.',
  'Too many requests. Please try again later.': 'Trop de requêtes. Veuillez réessayer plus tard.',
  'Too many failed attempts. Please try again later.':
    'Trop de tentatives échouées. Veuillez réessayer plus tard.',
  'This is already the e-mail address of your account.': 'C’est déjà l’adresse e-mail de votre compte.',
  'Email is already registered': 'Cette adresse e-mail est déjà enregistrée',
  'Choose an image you uploaded to Yardshare for your picture.':
    'Choisissez une image que vous avez importée sur Yardshare pour votre photo.',
  'The image could not be read': 'L’image n’a pas pu être lue',
  'Too many messages. Please try again later.': 'Trop de messages. Veuillez réessayer plus tard.',
  'This link has expired. Ask for a new one.': 'Ce lien a expiré. Demandez-en un nouveau.',
  'This link is not valid any more. Ask for a new one.': 'Ce lien n’est plus valide. Demandez-en un nouveau.',
  'Report not found': 'Signalement introuvable',
  'This report is already closed': 'Ce signalement est déjà clos',
  'Listing not found': 'Annonce introuvable',
  'This listing is already hidden': 'Cette annonce est déjà masquée',
  'This listing is not public: its host removed it':
    'Cette annonce n’est pas publique : son hôte l’a retirée',
  'This listing was not hidden by an admin': 'Cette annonce n’a pas été masquée par un administrateur',
  'Its host is suspended: reinstate the host first': 'Son hôte est suspendu : réactivez d’abord l’hôte',
  'Message not found': 'Message introuvable',
  'This message is already removed': 'Ce message est déjà supprimé',
  'User not found': 'Utilisateur introuvable',
  'You cannot suspend yourself': 'Vous ne pouvez pas vous suspendre vous-même',
  'This user is already suspended': 'Cet utilisateur est déjà suspendu',
  'This user is not suspended': 'Cet utilisateur n’est pas suspendu',
  'Not signed in': 'Non connecté',
  'Too many accounts created from this address. Please try again later.':
    'Trop de comptes ont été créés depuis cette adresse. Veuillez réessayer plus tard.',
  'Username already exists': 'Ce nom d’utilisateur existe déjà',
  'Too many failed login attempts. Please try again later.':
    'Trop de tentatives de connexion échouées. Veuillez réessayer plus tard.',
  'Invalid username or password': 'Nom d’utilisateur ou mot de passe incorrect',
  'You cannot interact with this user.': 'Vous ne pouvez pas interagir avec cet utilisateur.',
  'You cannot block yourself': 'Vous ne pouvez pas vous bloquer vous-même',
  'You cannot book your own listing': 'Vous ne pouvez pas réserver votre propre annonce',
  'Account not found': 'Compte introuvable',
  'Start date cannot be in the past': 'La date de début ne peut pas être dans le passé',
  'Choose how many months (1 to 12)': 'Choisissez le nombre de mois (de 1 à 12)',
  'This listing has no price yet': 'Cette annonce n’a pas encore de prix',
  'Those dates are outside the season of this listing':
    'Ces dates sont en dehors de la saison de cette annonce',
  'You already have an open booking for this listing':
    'Vous avez déjà une réservation ouverte pour cette annonce',
  'This booking is {status}: it cannot be {value} now':
    'Cette réservation est à l’état « {status} » : cette action n’est plus possible',
  'Only the {value} can do that': 'Seule l’autre partie de la réservation peut faire cela',
  'This booking changed meanwhile; please reload':
    'Cette réservation a changé entre-temps ; veuillez recharger la page',
  'Only the grower pays for a booking': 'Seul le jardinier paie une réservation',
  'Only a rental of two months or more can be paid month by month':
    'Seule une location de deux mois ou plus peut être payée mois par mois',
  'No month of this booking is due now': "Aucun mois de cette réservation n'est à payer pour l'instant",
  'Payment plan must be whole or monthly': 'Le mode de paiement doit être whole ou monthly',
  'Only rentals are paid': 'Seules les locations sont payantes',
  'This booking is {status}: it cannot be paid now':
    'Cette réservation est à l’état « {status} » : elle ne peut pas être payée maintenant',
  'Payments are not available right now': 'Les paiements ne sont pas disponibles pour le moment',
  'Booking not found': 'Réservation introuvable',
  'No plot is free for those dates. Please choose other dates.':
    'Aucune parcelle n’est libre à ces dates. Veuillez choisir d’autres dates.',
  'Only work exchanges have an hours ledger': 'Seuls les échanges de travail ont un relevé d’heures',
  'Only the grower logs hours': 'Seul le jardinier enregistre les heures',
  'This exchange is {status}: hours cannot be logged':
    'Cet échange est à l’état « {status} » : impossible d’enregistrer des heures',
  'The date must fall within the exchange': 'La date doit se situer pendant l’échange',
  'Hours cannot be logged ahead of time': 'Les heures ne peuvent pas être enregistrées à l’avance',
  'Only the host confirms or disputes hours': 'Seul l’hôte confirme ou conteste les heures',
  'Entry not found': 'Entrée introuvable',
  'This entry is already {status}': 'Cette entrée est déjà à l’état « {status} »',
  'Invalid cursor': 'Curseur non valide',
  'We could not find the place "{near}". Try "City, State".':
    'Nous n’avons pas trouvé le lieu « {near} ». Essayez « Ville, État ».',
  'Sorting by distance needs a place in "near"': 'Le tri par distance nécessite un lieu dans « near »',
  'Images must be photos you uploaded to Yardshare':
    'Les images doivent être des photos que vous avez importées sur Yardshare',
  'The same image is listed twice': 'La même image figure deux fois',
  'Please verify your e-mail address before publishing a listing.':
    'Veuillez confirmer votre adresse e-mail avant de publier une annonce.',
  'You can only change your own listings': 'Vous ne pouvez modifier que vos propres annonces',
  'Invalid listing': 'Annonce non valide',
  'Live updates are unavailable right now': 'Les mises à jour en direct sont indisponibles pour le moment',
  'There is no conversation with yourself': 'Il n’y a pas de conversation avec vous-même',
  'You cannot message yourself': 'Vous ne pouvez pas vous envoyer de message',
  'Recipient not found': 'Destinataire introuvable',
  'This booking is not between you two': 'Cette réservation n’est pas entre vous deux',
  'This listing is not yours or theirs': 'Cette annonce n’est ni la vôtre ni la sienne',
  'This unsubscribe link is not valid': 'Ce lien de désabonnement n’est pas valide',
  'Expected List-Unsubscribe=One-Click': 'List-Unsubscribe=One-Click attendu',
  'The cursor is not valid': 'Le curseur n’est pas valide',
  'This host has not confirmed their e-mail address yet, so this listing cannot take payments. Please try again later or message the host.':
    'Cet hôte n’a pas encore confirmé son adresse e-mail, cette annonce ne peut donc pas recevoir de paiements. Veuillez réessayer plus tard ou écrire à l’hôte.',
  'Failed to create payment: the payment provider is not available. Please try again later.':
    'Impossible de créer le paiement : le prestataire de paiement n’est pas disponible. Veuillez réessayer plus tard.',
  'A payment for this listing is already in progress. Please try again.':
    'Un paiement pour cette annonce est déjà en cours. Veuillez réessayer.',
  'A refund of this payment is being sent. Please try again in a minute.':
    'Un remboursement de ce paiement est en cours d’envoi. Veuillez réessayer dans une minute.',
  'No webhook for provider {provider}': 'Aucun webhook pour le prestataire {provider}',
  'You cannot pay for your own listing': 'Vous ne pouvez pas payer votre propre annonce',
  'Only rental listings can be paid for': 'Seules les annonces de location peuvent être payées',
  'This listing has no price': 'Cette annonce n’a pas de prix',
  'The price of this listing is {value} a month. Please reload the page and try again.':
    'Le prix de cette annonce est de {value} par mois. Veuillez recharger la page et réessayer.',
  'The rental start date cannot be in the past':
    'La date de début de la location ne peut pas être dans le passé',
  'The rental start date must be within {RENTAL_START_MAX_DAYS} days':
    'La date de début de la location doit se situer dans les {RENTAL_START_MAX_DAYS} prochains jours',
  'Payment not found': 'Paiement introuvable',
  'Only the host can refund this payment': 'Seul l’hôte peut rembourser ce paiement',
  'This payment is already refunded': 'Ce paiement est déjà remboursé',
  'Only a completed payment can be refunded': 'Seul un paiement finalisé peut être remboursé',
  'Nothing is left to refund': 'Il ne reste rien à rembourser',
  'The payment provider could not be reached to confirm the charge. Please retry.':
    'Le prestataire de paiement n’a pas pu être joint pour confirmer le débit. Veuillez réessayer.',
  'You cannot report yourself': 'Vous ne pouvez pas vous signaler vous-même',
  'You cannot report your own listing': 'Vous ne pouvez pas signaler votre propre annonce',
  'You cannot report your own message': 'Vous ne pouvez pas signaler votre propre message',
  'You have sent many reports in a short time. Please try again later.':
    'Vous avez envoyé beaucoup de signalements en peu de temps. Veuillez réessayer plus tard.',
  'You already reported this, and your report is still open. Our team will look at it.':
    'Vous avez déjà signalé ceci et votre signalement est toujours ouvert. Notre équipe va l’examiner.',
  'Only the host can review the grower': 'Seul l’hôte peut évaluer le jardinier',
  'Only the grower can review the listing': 'Seul le jardinier peut évaluer l’annonce',
  'This booking is {status}: it can be reviewed once completed':
    'Cette réservation est à l’état « {status} » : elle pourra être évaluée une fois terminée',
  'The time to review this booking has passed': 'Le délai pour évaluer cette réservation est dépassé',
  'Both reviews are shown now: yours can no longer be changed':
    'Les deux avis sont maintenant visibles : le vôtre ne peut plus être modifié',
  'You cannot review your own listing': 'Vous ne pouvez pas évaluer votre propre annonce',
  'You can save up to {SAVED_SEARCHES_MAX} searches. Delete one to save another.':
    'Vous pouvez enregistrer jusqu’à {SAVED_SEARCHES_MAX} recherches. Supprimez-en une pour en enregistrer une autre.',
  'Saved search not found': 'Recherche enregistrée introuvable',
  'No such sitemap': 'Ce sitemap n’existe pas',
  'Send the images as multipart/form-data in the field "images"':
    'Envoyez les images en multipart/form-data dans le champ « images »',
  'Images must be sent in the field "images"': 'Les images doivent être envoyées dans le champ « images »',
  'Each photo of a listing must be at least {PHOTO_MIN_SIDE} px on its shorter side':
    'Chaque photo d’une annonce doit mesurer au moins {PHOTO_MIN_SIDE} px sur son plus petit côté',
  'for must be listing': 'for doit valoir listing',
  'q must be at most 202 characters': 'q doit contenir au plus 202 caractères',
  'Each image must be 5 MB or smaller': 'Chaque image doit faire 5 Mo ou moins',
  'At most {IMAGES_PER_UPLOAD} images at a time': '{IMAGES_PER_UPLOAD} images au maximum à la fois',
  'Too many form fields': 'Trop de champs de formulaire',
  'The upload could not be read: send a complete multipart/form-data body with its boundary':
    'L’envoi n’a pas pu être lu : envoyez un corps multipart/form-data complet avec sa boundary',
  'No images were sent': 'Aucune image n’a été envoyée',
  'No such upload': 'Cet envoi n’existe pas',
  'Only JPEG, PNG, WebP, GIF or AVIF images are accepted':
    'Seules les images JPEG, PNG, WebP, GIF ou AVIF sont acceptées',
  'Images may have at most {value} megapixels (this one is {width} x {height})':
    'Les images peuvent avoir au plus {value} mégapixels (celle-ci fait {width} x {height})',
  'You can upload {left} more image{value} today (at most {maxPerDay} a day)':
    'Images que vous pouvez encore importer aujourd’hui : {left} (au plus {maxPerDay} par jour)',
  'You have reached the limit of {maxPerDay} images a day; try again later':
    'Vous avez atteint la limite de {maxPerDay} images par jour ; réessayez plus tard',
  'You have reached the limit of {value} of images a day; try again later':
    'Vous avez atteint la limite de {value} d’images par jour ; réessayez plus tard',
  'Invalid request': 'Requête non valide',
  'The request contains a value that cannot be stored or searched':
    'La requête contient une valeur qui ne peut être ni enregistrée ni recherchée',
  'The database is not answering. Please try again in a moment.':
    'La base de données ne répond pas. Veuillez réessayer dans un instant.',
  'This is taking too long right now. Please try again in a moment.':
    'Cela prend trop de temps pour le moment. Réessayez dans un instant.',
  'Internal server error': 'Erreur interne du serveur',
  'Malformed JSON in request body': 'JSON mal formé dans le corps de la requête',
  'Request body is empty': 'Le corps de la requête est vide',
  'Request body is too large': 'Le corps de la requête est trop volumineux',
  'Unsupported content type': 'Type de contenu non pris en charge',
  'Invalid content length': 'Longueur de contenu non valide',
  'Bad request': 'Requête incorrecte',
  'Cross-site request refused': 'Requête intersite refusée',
  'The link is not valid': 'Le lien n’est pas valide',
  'The link is incomplete': 'Le lien est incomplet',
  'Current password is required': 'Le mot de passe actuel est obligatoire',
  'Password is required': 'Le mot de passe est obligatoire',
  'Name must be at least 2 characters.': 'Le nom doit comporter au moins 2 caractères.',
  'Please enter a valid email address.': 'Veuillez saisir une adresse e-mail valide.',
  'Subject must be at least 5 characters.': 'L’objet doit comporter au moins 5 caractères.',
  'Message must be at least 10 characters.': 'Le message doit comporter au moins 10 caractères.',
  'Username may contain only letters, numbers, dots, dashes and underscores':
    'Le nom d’utilisateur ne peut contenir que des lettres, des chiffres, des points, des tirets et des tirets bas',
  'Username must be at most {USERNAME_MAX} characters':
    'Le nom d’utilisateur doit comporter au plus {USERNAME_MAX} caractères',
  'Username is required': 'Le nom d’utilisateur est obligatoire',
  'Password must be at most {PASSWORD_MAX} characters':
    'Le mot de passe doit comporter au plus {PASSWORD_MAX} caractères',
  'Password must be at least {PASSWORD_MIN} characters':
    'Le mot de passe doit comporter au moins {PASSWORD_MIN} caractères',
  'Email is too long': 'L’adresse e-mail est trop longue',
  'Please enter a valid email address': 'Veuillez saisir une adresse e-mail valide',
  'Full name must be at most {NAME_MAX} characters':
    'Le nom complet doit comporter au plus {NAME_MAX} caractères',
  'Full name is required': 'Le nom complet est obligatoire',
  'Passwords do not match': 'Les mots de passe ne correspondent pas',
  'Bio must be at most {BIO_MAX} characters': 'La biographie doit comporter au plus {BIO_MAX} caractères',
  'Months must be between 1 and {BOOKING_MONTHS_MAX}':
    'Le nombre de mois doit être compris entre 1 et {BOOKING_MONTHS_MAX}',
  'Months must be a whole number': 'Le nombre de mois doit être un nombre entier',
  'Months must be a number': 'Le nombre de mois doit être un nombre',
  'Note must be at most {BOOKING_NOTE_MAX} characters':
    'La note doit comporter au plus {BOOKING_NOTE_MAX} caractères',
  'Action must be accept, decline, cancel or withdraw':
    'L’action doit être accept, decline, cancel ou withdraw',
  'Hours must be in quarter hours (e.g. 2.5)': 'Les heures doivent être en quarts d’heure (par ex. 2,5)',
  'Hours must be at most {HOURS_PER_ENTRY_MAX}': 'Les heures ne peuvent pas dépasser {HOURS_PER_ENTRY_MAX}',
  'Hours must be more than 0': 'Les heures doivent être supérieures à 0',
  'Hours must be a number': 'Les heures doivent être un nombre',
  'What was done must be at most 500 characters':
    'La description du travail effectué doit comporter au plus 500 caractères',
  'Say what was done': 'Indiquez ce qui a été fait',
  'Decision must be confirm or dispute': 'La décision doit être confirm ou dispute',
  '{label} contains characters that are not allowed':
    'Le champ « {label} » contient des caractères non autorisés',
  '{label} must be a real date': 'Le champ « {label} » doit être une date réelle',
  '{label} must be a date (YYYY-MM-DD)': 'Le champ « {label} » doit être une date (AAAA-MM-JJ)',
  '{label} is out of range': 'Le champ « {label} » est hors limites',
  '{label} must be a positive number': 'Le champ « {label} » doit être un nombre positif',
  '{label} must be a whole number': 'Le champ « {label} » doit être un nombre entier',
  '{label} must be a number': 'Le champ « {label} » doit être un nombre',
  'Type must be rental, exchange or community': 'Le type doit être rental, exchange ou community',
  '{label} must be at most {max} characters': 'Le champ « {label} » doit comporter au plus {max} caractères',
  '{label} is required': 'Le champ « {label} » est obligatoire',
  'At most {AMENITIES_MAX} amenities': '{AMENITIES_MAX} équipements au maximum',
  'Too many amenities': 'Trop d’équipements',
  'Amenities must be a list': 'Les équipements doivent être une liste',
  'Each amenity must be at most {AMENITY_MAX} characters':
    'Chaque équipement doit comporter au plus {AMENITY_MAX} caractères',
  '{label} must be between 1 and 12': 'Le champ « {label} » doit être compris entre 1 et 12',
  '{label} must be a month number': 'Le champ « {label} » doit être un numéro de mois',
  'Price is too high': 'Le prix est trop élevé',
  'Price cannot be negative': 'Le prix ne peut pas être négatif',
  'Price must be a whole number of dollars': 'Le prix doit être un nombre entier de dollars',
  'Work hours must be between {WORK_HOURS_MIN} and {WORK_HOURS_MAX}':
    'Les heures de travail doivent être comprises entre {WORK_HOURS_MIN} et {WORK_HOURS_MAX}',
  'Work hours must be a whole number': 'Les heures de travail doivent être un nombre entier',
  'Size must be at most {SIZE_MAX} characters': 'La surface doit comporter au plus {SIZE_MAX} caractères',
  'At most {IMAGES_PER_UPLOAD} images': '{IMAGES_PER_UPLOAD} images au maximum',
  'Images must be a list of uploaded paths': 'Les images doivent être une liste de chemins importés',
  'Plots must be between 1 and {PLOTS_MAX}':
    'Le nombre de parcelles doit être compris entre 1 et {PLOTS_MAX}',
  'Plots must be a whole number': 'Le nombre de parcelles doit être un nombre entier',
  'Booking mode must be instant or request': 'Le mode de réservation doit être instant ou request',
  'Cancellation policy must be flexible, moderate or strict':
    'Les conditions d’annulation doivent être flexible, moderate ou strict',
  'A season needs both a first and a last month': 'Une saison nécessite un premier et un dernier mois',
  'Price is required for rentals': 'Le prix est obligatoire pour les locations',
  'Work hours are required for work exchanges':
    'Les heures de travail sont obligatoires pour les échanges de travail',
  'Sort must be newest, price_asc, price_desc or distance':
    'Le tri doit être newest, price_asc, price_desc ou distance',
  'Search text must be at most {max} characters':
    'Le texte de recherche doit comporter au plus {max} caractères',
  '{name} must be at most {max}': 'Le champ « {name} » ne peut pas dépasser {max}',
  '{name} must be a whole number of {unit}': 'Le champ « {name} » doit être un nombre entier',
  'amenities is too long': 'amenities est trop long',
  'amenities must be a comma-separated list': 'amenities doit être une liste séparée par des virgules',
  'maxPrice must not be less than minPrice': 'maxPrice ne doit pas être inférieur à minPrice',
  'radiusKm must be at most 5000': 'radiusKm ne peut pas dépasser 5000',
  'radiusKm must be positive': 'radiusKm doit être positif',
  'radiusKm must be a number': 'radiusKm doit être un nombre',
  'limit must be at most {LISTINGS_PAGE_MAX}': 'limit ne peut pas dépasser {LISTINGS_PAGE_MAX}',
  'limit must be at least 1': 'limit doit être au moins égal à 1',
  'limit must be a whole number': 'limit doit être un nombre entier',
  'limit must be a number': 'limit doit être un nombre',
  'Message must be at most {MESSAGE_MAX} characters':
    'Le message doit comporter au plus {MESSAGE_MAX} caractères',
  'Message cannot be empty': 'Le message ne peut pas être vide',
  'Message content is required': 'Le contenu du message est obligatoire',
  'Subject type must be listing, user or message': 'Le type d’objet doit être listing, user ou message',
  'Choose a reason: scam, unsafe, harassment, spam or other':
    'Choisissez un motif : scam, unsafe, harassment, spam ou other',
  'Details must be at most {REPORT_TEXT_MAX} characters':
    'Les détails doivent comporter au plus {REPORT_TEXT_MAX} caractères',
  'Reason must be at most {ADMIN_REASON_MAX} characters':
    'Le motif doit comporter au plus {ADMIN_REASON_MAX} caractères',
  'A reason is required': 'Un motif est requis',
  'Message must be at most {ADMIN_REASON_MAX} characters':
    'Le message doit comporter au plus {ADMIN_REASON_MAX} caractères',
  'amount is too large': 'amount est trop élevé',
  'amount must be positive': 'amount doit être positif',
  'amount must be a whole number of cents': 'amount doit être un nombre entier de centimes',
  'amount must be a number of cents': 'amount doit être un nombre de centimes',
  'page is too large': 'page est trop grand',
  'page must be at least 1': 'page doit être au moins égal à 1',
  'page must be a whole number': 'page doit être un nombre entier',
  'page must be a number': 'page doit être un nombre',
  'status must be open, closed or all': 'status doit être open, closed ou all',
  'Search text must be at most 200 characters': 'Le texte de recherche doit comporter au plus 200 caractères',
  'filter must be all or flagged': 'filter doit être all ou flagged',
  'Unknown subject type': 'Type d’objet inconnu',
  'subjectId is out of range': 'subjectId est hors limites',
  'subjectId must be positive': 'subjectId doit être positif',
  'subjectId must be a whole number': 'subjectId doit être un nombre entier',
  'subjectId must be a number': 'subjectId doit être un nombre',
  'listingId is out of range': 'listingId est hors limites',
  'listingId must be positive': 'listingId doit être positif',
  'listingId must be a whole number': 'listingId doit être un nombre entier',
  'listingId must be a number': 'listingId doit être un nombre',
  'Rating must be between {RATING_MIN} and {RATING_MAX}':
    'La note doit être comprise entre {RATING_MIN} et {RATING_MAX}',
  'Rating must be a whole number': 'La note doit être un nombre entier',
  'Rating must be a number': 'La note doit être un nombre',
  'Comment must be at most {REVIEW_COMMENT_MAX} characters':
    'Le commentaire doit comporter au plus {REVIEW_COMMENT_MAX} caractères',
  'Name must be at most {SAVED_SEARCH_NAME_MAX} characters':
    'Le nom doit comporter au plus {SAVED_SEARCH_NAME_MAX} caractères',
  'The search is too long': 'La recherche est trop longue',
  'User id': 'Identifiant d’utilisateur',
  'Booking id': 'Identifiant de réservation',
  'Entry id': 'Identifiant d’entrée',
  'Listing id': 'Identifiant d’annonce',
  // Waiting lists (ADR 049).
  'A plot is free for those dates: book it instead.': 'Une parcelle est libre pour ces dates : réservez-la.',
  'A work exchange has no waiting list: send the host a request':
    'Un échange de travail n’a pas de liste d’attente : envoyez une demande à l’hôte',
  'Offer id': 'ID de l’offre',
  'Offer not found': 'Offre introuvable',
  'Only the host can see and change the waiting list': 'Seul l’hôte peut voir et modifier la liste d’attente',
  'Please give a reason': 'Indiquez une raison',
  'Position is out of range': 'La position est hors limites',
  'Position must be 1 or more': 'La position doit être 1 ou plus',
  'Position must be a number': 'La position doit être un nombre',
  'Position must be a whole number': 'La position doit être un nombre entier',
  'The host closed this waiting list': 'L’hôte a fermé cette liste d’attente',
  'This offer has expired': 'Cette offre a expiré',
  'This offer is no longer open': 'Cette offre n’est plus ouverte',
  'This person is not waiting on this list': 'Cette personne n’attend pas sur cette liste',
  'You already hold a plot here for those dates.': 'Vous avez déjà une parcelle ici pour ces dates.',
  'You are already on this waiting list': 'Vous êtes déjà sur cette liste d’attente',
  'You are not on this waiting list': 'Vous n’êtes pas sur cette liste d’attente',
  'You cannot join the waiting list of your own listing':
    'Vous ne pouvez pas rejoindre la liste d’attente de votre propre annonce',
  'You left the waiting list': 'Vous avez quitté la liste d’attente',
  'must be 1 hour or more': 'doit être d’au moins 1 heure',
  'must be 336 hours (14 days) or less': 'doit être de 336 heures (14 jours) au plus',
  'must be a number of hours': 'doit être un nombre d’heures',
  'Payment id': 'Identifiant de paiement',
  'Saved search id': 'Identifiant de recherche enregistrée',
  Token: 'Jeton',
  'Current password': 'Mot de passe actuel',
  Password: 'Mot de passe',
  'Image path': 'Chemin de l’image',
  Name: 'Nom',
  Email: 'E-mail',
  Subject: 'Objet',
  Message: 'Message',
  Username: 'Nom d’utilisateur',
  'Full name': 'Nom complet',
  Bio: 'Biographie',
  'Start date': 'Date de début',
  Note: 'Note',
  Date: 'Date',
  'What was done': 'Travail effectué',
  Amenity: 'Équipement',
  Size: 'Surface',
  Image: 'Image',
  'Search text': 'Texte de recherche',
  Details: 'Détails',
  Reason: 'Motif',
  Cursor: 'Curseur',
  'Notification id': 'Identifiant de notification',
  'Rental start': 'Début de la location',
  Comment: 'Commentaire',
  Query: 'Requête',
  'Language must be en, es, fr, de or ja': 'La langue doit être en, es, fr, de ou ja',
  'Password must not be the same as your username or email':
    'Le mot de passe ne doit pas être identique à votre nom d’utilisateur ou à votre adresse e-mail',
  'This password is one of the most common ones. Please choose another.':
    'Ce mot de passe fait partie des plus courants. Veuillez en choisir un autre.',
  'This account is suspended. Contact {supportEmail} if you think this is a mistake.':
    'Ce compte est suspendu. Si vous pensez qu’il s’agit d’une erreur, contactez {supportEmail}.',
  'Not found': 'Introuvable',
  // Payouts (ADR 032)
  'This is a {other} address; payouts are sent on {network}':
    'Ceci est une adresse {other} ; les versements sont envoyés sur {network}',
  'This is not a valid Bitcoin address': 'Ce n’est pas une adresse Bitcoin valide',
  'This is not a valid LNURL': 'Ce n’est pas un LNURL valide',
  'Enter a Lightning address (name@domain) or an LNURL':
    'Saisissez une adresse Lightning (nom@domaine) ou un LNURL',
  'You have not added a payout method yet': 'Vous n’avez pas encore ajouté de moyen de versement',
  'Your password is not correct': 'Votre mot de passe est incorrect',
  'The reason is too long': 'Le motif est trop long',
  'Reference is too long': 'La référence est trop longue',
  'Reference is required': 'La référence est obligatoire',
  'Give the reference of the payment you made': 'Indiquez la référence du paiement que vous avez effectué',
  'Payout not found': 'Versement introuvable',
  // The console's background jobs (issue 62).
  'A run of this job is already waiting. Retry once it has run.':
    'Une exécution de cette tâche attend déjà. Relancez-la une fois qu’elle aura tourné.',
  'Job not found': 'Tâche introuvable',
  'This job is no longer failed or dead: it was retried already.':
    'Cette tâche n’est plus en échec ni abandonnée : elle a déjà été relancée.',
  'This is not a job kind': 'Ce n’est pas un type de tâche',
  'The job kind is too long': 'Le type de tâche est trop long',
  'A job kind is required': 'Un type de tâche est obligatoire',
  'The job id must be a UUID': 'L’identifiant de la tâche doit être un UUID',
  'This payout cannot be changed that way in its current state':
    'Ce versement ne peut pas être modifié ainsi dans son état actuel',
  'The payment provider could not be reached to confirm the payout. Please retry.':
    'Le prestataire de paiement est injoignable pour confirmer le versement. Veuillez réessayer.',
  'type must be bitcoin, lightning or usdc': 'type doit être bitcoin, lightning ou usdc',
  'Enter a USDC address on Base: 0x and 40 letters and digits':
    'Saisissez une adresse USDC sur Base : 0x puis 40 lettres et chiffres',
  'This address has a typo: its checksum does not match':
    'Cette adresse contient une faute de frappe : sa somme de contrôle ne correspond pas',
  'This is not an address anyone can receive at': 'Personne ne peut recevoir de fonds à cette adresse',
  'This marketplace pays hosts by {value}, not {type}':
    'Cette place de marché paie les hôtes par {value}, pas par {type}',
  'Destination is too long': 'La destination est trop longue',
  'Destination is required': 'La destination est obligatoire',
  'Password is too long': 'Le mot de passe est trop long',
  'from must be a date (YYYY-MM-DD)': 'from doit être une date (AAAA-MM-JJ)',
  'to must be a date (YYYY-MM-DD)': 'to doit être une date (AAAA-MM-JJ)',
  Reference: 'Référence',
  'Payout id': 'ID du versement',
  Destination: 'Destination',
  'This booking is {status}: its agreement cannot change':
    'Cette réservation est {status} : son accord ne peut plus changer',
  'The change must differ from the version in force':
    'La modification doit différer de la version en vigueur',
  'You already accepted this version': 'Vous avez déjà accepté cette version',
  'This stay is already ending early': 'Ce séjour se termine déjà plus tôt',
  'The end date must fall within the stay': 'La date de fin doit se situer pendant le séjour',
  "The agreement asks for {days} days' notice: the earliest end is {earliest}":
    "L'accord demande un préavis de {days} jours : la fin la plus proche est le {earliest}",
  'This booking is {status}: only a running stay can end early':
    'Cette réservation est {status} : seul un séjour en cours peut se terminer plus tôt',
  '{label} must be between 0 and {NOTICE_DAYS_MAX} days':
    '{label} doit être entre 0 et {NOTICE_DAYS_MAX} jours',
  '{label} must be a whole number of days': '{label} doit être un nombre entier de jours',
  'Permanent structures must be yes or no': 'Les constructions permanentes doivent être oui ou non',
  'Version must be a positive number': 'La version doit être un nombre positif',
  'Version must be a whole number': 'La version doit être un nombre entier',
  'Version must be a number': 'La version doit être un nombre',
  'Say why the stay ends early': 'Dites pourquoi le séjour se termine plus tôt',
  'The stay has ended': 'Le séjour est terminé',
  'End date': 'Date de fin',
  'House rules': 'Règles de la maison',
  Duties: 'Tâches',
  'What may be grown': 'Ce qui peut être cultivé',
  'Access hours': "Heures d'accès",
  Water: 'Eau',
  Tools: 'Outils',
  'Grower notice': 'Préavis du jardinier',
  'Host notice': "Préavis de l'hôte",
  // Calendars that sync (ADR 048).
  'Calendar not found': 'Calendrier introuvable',
  'A listing cannot import a Yardshare feed of its own.':
    'Une annonce ne peut pas importer un calendrier Yardshare qui lui appartient.',
  'A listing can import at most {CALENDAR_IMPORTS_MAX} calendars.':
    'Une annonce peut importer au plus {CALENDAR_IMPORTS_MAX} calendriers.',
  'This calendar is already imported.': 'Ce calendrier est déjà importé.',
  'Imported calendar not found': 'Calendrier importé introuvable',
  'Enter the address of a calendar feed': "Saisissez l'adresse d'un flux de calendrier",
  'Feed address must be at most {CALENDAR_URL_MAX} characters':
    "L'adresse du flux doit comporter au plus {CALENDAR_URL_MAX} caractères",
  'Feed address is required': "L'adresse du flux est obligatoire",
  'Import id': "Identifiant d'import",
  'Feed address': 'Adresse du flux',
  'This is not a feed address.': "Ce n'est pas une adresse de flux.",
  'The feed address must start with https://.': "L'adresse du flux doit commencer par https://.",
  'The feed address points to a private network.': "L'adresse du flux pointe vers un réseau privé.",
  'The feed could not be reached.': "Le flux n'a pas pu être joint.",
  'The feed took too long to answer.': 'Le flux a mis trop de temps à répondre.',
  'The feed is too large.': 'Le flux est trop volumineux.',
  'The feed has too many events or repeats to read.':
    'Le flux contient trop d’événements ou de répétitions pour être lu.',
  'The feed address answered with an error.': "L'adresse du flux a répondu par une erreur.",
  'The feed is not an iCalendar file.': "Le flux n'est pas un fichier iCalendar.",
};

export default texts;
