// The API's messages in Spanish (see ../index.ts), keyed by the exact English text.
import type { TextTable } from '../types.ts';

const texts: TextTable = {
  'The database is not answering.': 'La base de datos no responde.',
  'Metrics need a bearer token.': 'Las métricas necesitan un token de portador (bearer).',
  'Metrics are not open to you.': 'Las métricas no están abiertas para ti.',
  'Not found: {method} {url}': 'No encontrado: {method} {url}',
  'You need to sign in first': 'Primero tienes que iniciar sesión',
  'You have bookings or payments in progress. Finish or cancel them before deleting your account.':
    'Tienes reservas o pagos en curso. Termínalos o cancélalos antes de eliminar tu cuenta.',
  'Message sent': 'Mensaje enviado',
  'Another account started using this e-mail address meanwhile, so it cannot become yours. Choose another address.':
    'Otra cuenta ha empezado a usar esta dirección de correo electrónico mientras tanto, así que no puede ser tuya. Elige otra dirección.',
  'Your e-mail address is already confirmed.': 'Tu dirección de correo electrónico ya está confirmada.',
  'Too many confirmation e-mails were sent. Please try again later.':
    'Se han enviado demasiados correos de confirmación. Vuelve a intentarlo más tarde.',
  'Too many requests. Please try again later.': 'Demasiadas solicitudes. Vuelve a intentarlo más tarde.',
  'Too many failed attempts. Please try again later.':
    'Demasiados intentos fallidos. Vuelve a intentarlo más tarde.',
  'This is already the e-mail address of your account.':
    'Esta ya es la dirección de correo electrónico de tu cuenta.',
  'Email is already registered': 'Este correo electrónico ya está registrado',
  'Choose an image you uploaded to Yardshare for your picture.':
    'Elige una imagen que hayas subido a Yardshare para tu foto.',
  'The image could not be read': 'No se ha podido leer la imagen',
  'Too many messages. Please try again later.': 'Demasiados mensajes. Vuelve a intentarlo más tarde.',
  'This link has expired. Ask for a new one.': 'Este enlace ha caducado. Pide uno nuevo.',
  'This link is not valid any more. Ask for a new one.': 'Este enlace ya no es válido. Pide uno nuevo.',
  'Report not found': 'Denuncia no encontrada',
  'This report is already closed': 'Esta denuncia ya está cerrada',
  'Listing not found': 'Anuncio no encontrado',
  'This listing is already hidden': 'Este anuncio ya está oculto',
  'This listing is not public: its host removed it': 'Este anuncio no es público: su anfitrión lo retiró',
  'This listing was not hidden by an admin': 'Este anuncio no lo ocultó un administrador',
  'Its host is suspended: reinstate the host first':
    'Su anfitrión está suspendido: primero reactiva al anfitrión',
  'Message not found': 'Mensaje no encontrado',
  'This message is already removed': 'Este mensaje ya se ha eliminado',
  'User not found': 'Usuario no encontrado',
  'You cannot suspend yourself': 'No puedes suspenderte a ti mismo',
  'This user is already suspended': 'Este usuario ya está suspendido',
  'This user is not suspended': 'Este usuario no está suspendido',
  'Not signed in': 'No has iniciado sesión',
  'Too many accounts created from this address. Please try again later.':
    'Se han creado demasiadas cuentas desde esta dirección. Vuelve a intentarlo más tarde.',
  'Username already exists': 'Ese nombre de usuario ya existe',
  'Too many failed login attempts. Please try again later.':
    'Demasiados intentos de inicio de sesión fallidos. Vuelve a intentarlo más tarde.',
  'Invalid username or password': 'Nombre de usuario o contraseña incorrectos',
  'You cannot interact with this user.': 'No puedes interactuar con este usuario.',
  'You cannot block yourself': 'No puedes bloquearte a ti mismo',
  'You cannot book your own listing': 'No puedes reservar tu propio anuncio',
  'Account not found': 'Cuenta no encontrada',
  'Start date cannot be in the past': 'La fecha de inicio no puede estar en el pasado',
  'Choose how many months (1 to 12)': 'Elige cuántos meses (de 1 a 12)',
  'This listing has no price yet': 'Este anuncio aún no tiene precio',
  'Those dates are outside the season of this listing':
    'Esas fechas están fuera de la temporada de este anuncio',
  'You already have an open booking for this listing': 'Ya tienes una reserva abierta para este anuncio',
  'This booking is {status}: it cannot be {value} now':
    'Esta reserva está en estado «{status}»: ahora no se puede hacer eso',
  'Only the {value} can do that': 'Solo la otra parte de la reserva puede hacer eso',
  'This booking changed meanwhile; please reload':
    'Esta reserva ha cambiado mientras tanto; recarga la página',
  'Only the grower pays for a booking': 'Solo el cultivador paga una reserva',
  'Only a rental of two months or more can be paid month by month':
    'Solo un alquiler de dos meses o más se puede pagar mes a mes',
  'No month of this booking is due now': 'Ningún mes de esta reserva está pendiente ahora',
  'Payment plan must be whole or monthly': 'El plan de pago debe ser whole o monthly',
  'Only rentals are paid': 'Solo se pagan los alquileres',
  'This booking is {status}: it cannot be paid now':
    'Esta reserva está en estado «{status}»: ahora no se puede pagar',
  'Payments are not available right now': 'Los pagos no están disponibles en este momento',
  'Booking not found': 'Reserva no encontrada',
  'No plot is free for those dates. Please choose other dates.':
    'No hay ninguna parcela libre para esas fechas. Elige otras fechas.',
  'Only work exchanges have an hours ledger': 'Solo los intercambios de trabajo tienen registro de horas',
  'Only the grower logs hours': 'Solo el cultivador registra las horas',
  'This exchange is {status}: hours cannot be logged':
    'Este intercambio está en estado «{status}»: no se pueden registrar horas',
  'The date must fall within the exchange': 'La fecha debe estar dentro del intercambio',
  'Hours cannot be logged ahead of time': 'No se pueden registrar horas por adelantado',
  'Only the host confirms or disputes hours': 'Solo el anfitrión confirma o cuestiona las horas',
  'Entry not found': 'Registro no encontrado',
  'This entry is already {status}': 'Este registro ya está en estado «{status}»',
  'Invalid cursor': 'Cursor no válido',
  'We could not find the place "{near}". Try "City, State".':
    'No hemos encontrado el lugar «{near}». Prueba con «Ciudad, Estado».',
  'Sorting by distance needs a place in "near"': 'Para ordenar por distancia hace falta un lugar en «near»',
  'Images must be photos you uploaded to Yardshare':
    'Las imágenes deben ser fotos que hayas subido a Yardshare',
  'The same image is listed twice': 'La misma imagen aparece dos veces',
  'Please verify your e-mail address before publishing a listing.':
    'Confirma tu dirección de correo electrónico antes de publicar un anuncio.',
  'You can only change your own listings': 'Solo puedes cambiar tus propios anuncios',
  'Invalid listing': 'Anuncio no válido',
  'Live updates are unavailable right now':
    'Las actualizaciones en directo no están disponibles en este momento',
  'There is no conversation with yourself': 'No hay conversación contigo mismo',
  'You cannot message yourself': 'No puedes enviarte mensajes a ti mismo',
  'Recipient not found': 'Destinatario no encontrado',
  'This booking is not between you two': 'Esta reserva no es entre vosotros dos',
  'This listing is not yours or theirs': 'Este anuncio no es tuyo ni de la otra persona',
  'This unsubscribe link is not valid': 'Este enlace para darte de baja no es válido',
  'Expected List-Unsubscribe=One-Click': 'Se esperaba List-Unsubscribe=One-Click',
  'The cursor is not valid': 'El cursor no es válido',
  'This host has not confirmed their e-mail address yet, so this listing cannot take payments. Please try again later or message the host.':
    'Este anfitrión aún no ha confirmado su dirección de correo electrónico, así que este anuncio no puede recibir pagos. Vuelve a intentarlo más tarde o escribe al anfitrión.',
  'Failed to create payment: the payment provider is not available. Please try again later.':
    'No se ha podido crear el pago: el proveedor de pagos no está disponible. Vuelve a intentarlo más tarde.',
  'A payment for this listing is already in progress. Please try again.':
    'Ya hay un pago en curso para este anuncio. Vuelve a intentarlo.',
  'A refund of this payment is being sent. Please try again in a minute.':
    'Se está enviando un reembolso de este pago. Vuelve a intentarlo en un minuto.',
  'No webhook for provider {provider}': 'No hay webhook para el proveedor {provider}',
  'You cannot pay for your own listing': 'No puedes pagar tu propio anuncio',
  'Only rental listings can be paid for': 'Solo se pueden pagar los anuncios de alquiler',
  'This listing has no price': 'Este anuncio no tiene precio',
  'The price of this listing is {value} a month. Please reload the page and try again.':
    'El precio de este anuncio es {value} al mes. Recarga la página y vuelve a intentarlo.',
  'The rental start date cannot be in the past':
    'La fecha de inicio del alquiler no puede estar en el pasado',
  'The rental start date must be within {RENTAL_START_MAX_DAYS} days':
    'La fecha de inicio del alquiler debe estar dentro de los próximos {RENTAL_START_MAX_DAYS} días',
  'Payment not found': 'Pago no encontrado',
  'Only the host can refund this payment': 'Solo el anfitrión puede reembolsar este pago',
  'This payment is already refunded': 'Este pago ya está reembolsado',
  'Only a completed payment can be refunded': 'Solo se puede reembolsar un pago completado',
  'Nothing is left to refund': 'No queda nada por reembolsar',
  'The payment provider could not be reached to confirm the charge. Please retry.':
    'No se ha podido contactar con el proveedor de pagos para confirmar el cargo. Vuelve a intentarlo.',
  'You cannot report yourself': 'No puedes denunciarte a ti mismo',
  'You cannot report your own listing': 'No puedes denunciar tu propio anuncio',
  'You cannot report your own message': 'No puedes denunciar tu propio mensaje',
  'You have sent many reports in a short time. Please try again later.':
    'Has enviado muchas denuncias en poco tiempo. Vuelve a intentarlo más tarde.',
  'You already reported this, and your report is still open. Our team will look at it.':
    'Ya denunciaste esto y tu denuncia sigue abierta. Nuestro equipo la revisará.',
  'Only the host can review the grower': 'Solo el anfitrión puede valorar al cultivador',
  'Only the grower can review the listing': 'Solo el cultivador puede valorar el anuncio',
  'This booking is {status}: it can be reviewed once completed':
    'Esta reserva está en estado «{status}»: se puede valorar cuando haya terminado',
  'The time to review this booking has passed': 'Ya ha pasado el plazo para valorar esta reserva',
  'Both reviews are shown now: yours can no longer be changed':
    'Ya se muestran las dos reseñas: la tuya ya no se puede cambiar',
  'You cannot review your own listing': 'No puedes valorar tu propio anuncio',
  'You can save up to {SAVED_SEARCHES_MAX} searches. Delete one to save another.':
    'Puedes guardar hasta {SAVED_SEARCHES_MAX} búsquedas. Elimina una para guardar otra.',
  'Saved search not found': 'Búsqueda guardada no encontrada',
  'No such sitemap': 'Ese sitemap no existe',
  'Send the images as multipart/form-data in the field "images"':
    'Envía las imágenes como multipart/form-data en el campo «images»',
  'Images must be sent in the field "images"': 'Las imágenes deben enviarse en el campo «images»',
  'Each photo of a listing must be at least {PHOTO_MIN_SIDE} px on its shorter side':
    'Cada foto de un anuncio debe medir al menos {PHOTO_MIN_SIDE} px en su lado más corto',
  'for must be listing': 'for debe ser listing',
  'q must be at most 202 characters': 'q debe tener como máximo 202 caracteres',
  'Each image must be 5 MB or smaller': 'Cada imagen debe ocupar 5 MB o menos',
  'At most {IMAGES_PER_UPLOAD} images at a time': 'Como máximo {IMAGES_PER_UPLOAD} imágenes a la vez',
  'Too many form fields': 'Demasiados campos en el formulario',
  'The upload could not be read: send a complete multipart/form-data body with its boundary':
    'No se ha podido leer la subida: envía un cuerpo multipart/form-data completo con su boundary',
  'No images were sent': 'No se ha enviado ninguna imagen',
  'No such upload': 'Esa subida no existe',
  'Only JPEG, PNG, WebP, GIF or AVIF images are accepted':
    'Solo se aceptan imágenes JPEG, PNG, WebP, GIF o AVIF',
  'Images may have at most {value} megapixels (this one is {width} x {height})':
    'Las imágenes pueden tener como máximo {value} megapíxeles (esta tiene {width} x {height})',
  'You can upload {left} more image{value} today (at most {maxPerDay} a day)':
    'Imágenes que aún puedes subir hoy: {left} (como máximo {maxPerDay} al día)',
  'You have reached the limit of {maxPerDay} images a day; try again later':
    'Has alcanzado el límite de {maxPerDay} imágenes al día; vuelve a intentarlo más tarde',
  'You have reached the limit of {value} of images a day; try again later':
    'Has alcanzado el límite de {value} de imágenes al día; vuelve a intentarlo más tarde',
  'Invalid request': 'Solicitud no válida',
  'The request contains a value that cannot be stored or searched':
    'La solicitud contiene un valor que no se puede guardar ni buscar',
  'The database is not answering. Please try again in a moment.':
    'La base de datos no responde. Vuelve a intentarlo en un momento.',
  'This is taking too long right now. Please try again in a moment.':
    'Esto está tardando demasiado ahora mismo. Vuelve a intentarlo en un momento.',
  'Internal server error': 'Error interno del servidor',
  'Malformed JSON in request body': 'JSON mal formado en el cuerpo de la solicitud',
  'Request body is empty': 'El cuerpo de la solicitud está vacío',
  'Request body is too large': 'El cuerpo de la solicitud es demasiado grande',
  'Unsupported content type': 'Tipo de contenido no admitido',
  'Invalid content length': 'Longitud de contenido no válida',
  'Bad request': 'Solicitud incorrecta',
  'Cross-site request refused': 'Solicitud entre sitios rechazada',
  'The link is not valid': 'El enlace no es válido',
  'The link is incomplete': 'El enlace está incompleto',
  'Current password is required': 'La contraseña actual es obligatoria',
  'Password is required': 'La contraseña es obligatoria',
  'Name must be at least 2 characters.': 'El nombre debe tener al menos 2 caracteres.',
  'Please enter a valid email address.': 'Introduce una dirección de correo electrónico válida.',
  'Subject must be at least 5 characters.': 'El asunto debe tener al menos 5 caracteres.',
  'Message must be at least 10 characters.': 'El mensaje debe tener al menos 10 caracteres.',
  'Username may contain only letters, numbers, dots, dashes and underscores':
    'El nombre de usuario solo puede contener letras, números, puntos, guiones y guiones bajos',
  'Username must be at most {USERNAME_MAX} characters':
    'El nombre de usuario puede tener como máximo {USERNAME_MAX} caracteres',
  'Username is required': 'El nombre de usuario es obligatorio',
  'Password must be at most {PASSWORD_MAX} characters':
    'La contraseña puede tener como máximo {PASSWORD_MAX} caracteres',
  'Password must be at least {PASSWORD_MIN} characters':
    'La contraseña debe tener al menos {PASSWORD_MIN} caracteres',
  'Email is too long': 'El correo electrónico es demasiado largo',
  'Please enter a valid email address': 'Introduce una dirección de correo electrónico válida',
  'Full name must be at most {NAME_MAX} characters':
    'El nombre completo puede tener como máximo {NAME_MAX} caracteres',
  'Full name is required': 'El nombre completo es obligatorio',
  'Passwords do not match': 'Las contraseñas no coinciden',
  'Bio must be at most {BIO_MAX} characters': 'La biografía puede tener como máximo {BIO_MAX} caracteres',
  'Months must be between 1 and {BOOKING_MONTHS_MAX}': 'Los meses deben estar entre 1 y {BOOKING_MONTHS_MAX}',
  'Months must be a whole number': 'Los meses deben ser un número entero',
  'Months must be a number': 'Los meses deben ser un número',
  'Note must be at most {BOOKING_NOTE_MAX} characters':
    'La nota puede tener como máximo {BOOKING_NOTE_MAX} caracteres',
  'Action must be accept, decline, cancel or withdraw':
    'La acción debe ser accept, decline, cancel o withdraw',
  'Hours must be in quarter hours (e.g. 2.5)': 'Las horas deben ir en cuartos de hora (p. ej., 2,5)',
  'Hours must be at most {HOURS_PER_ENTRY_MAX}': 'Las horas pueden ser como máximo {HOURS_PER_ENTRY_MAX}',
  'Hours must be more than 0': 'Las horas deben ser más de 0',
  'Hours must be a number': 'Las horas deben ser un número',
  'What was done must be at most 500 characters': 'Lo que se hizo puede tener como máximo 500 caracteres',
  'Say what was done': 'Indica lo que se hizo',
  'Decision must be confirm or dispute': 'La decisión debe ser confirm o dispute',
  '{label} contains characters that are not allowed': 'El campo «{label}» contiene caracteres no permitidos',
  '{label} must be a real date': 'El campo «{label}» debe ser una fecha real',
  '{label} must be a date (YYYY-MM-DD)': 'El campo «{label}» debe ser una fecha (AAAA-MM-DD)',
  '{label} is out of range': 'El campo «{label}» está fuera del rango permitido',
  '{label} must be a positive number': 'El campo «{label}» debe ser un número positivo',
  '{label} must be a whole number': 'El campo «{label}» debe ser un número entero',
  '{label} must be a number': 'El campo «{label}» debe ser un número',
  'Type must be rental, exchange or community': 'El tipo debe ser rental, exchange o community',
  '{label} must be at most {max} characters': 'El campo «{label}» puede tener como máximo {max} caracteres',
  '{label} is required': 'El campo «{label}» es obligatorio',
  'At most {AMENITIES_MAX} amenities': 'Como máximo {AMENITIES_MAX} servicios',
  'Too many amenities': 'Demasiados servicios',
  'Amenities must be a list': 'Los servicios deben ser una lista',
  'Each amenity must be at most {AMENITY_MAX} characters':
    'Cada servicio puede tener como máximo {AMENITY_MAX} caracteres',
  '{label} must be between 1 and 12': 'El campo «{label}» debe estar entre 1 y 12',
  '{label} must be a month number': 'El campo «{label}» debe ser un número de mes',
  'Price is too high': 'El precio es demasiado alto',
  'Price cannot be negative': 'El precio no puede ser negativo',
  'Price must be a whole number of dollars': 'El precio debe ser un número entero de dólares',
  'Work hours must be between {WORK_HOURS_MIN} and {WORK_HOURS_MAX}':
    'Las horas de trabajo deben estar entre {WORK_HOURS_MIN} y {WORK_HOURS_MAX}',
  'Work hours must be a whole number': 'Las horas de trabajo deben ser un número entero',
  'Size must be at most {SIZE_MAX} characters': 'El tamaño puede tener como máximo {SIZE_MAX} caracteres',
  'At most {IMAGES_PER_UPLOAD} images': 'Como máximo {IMAGES_PER_UPLOAD} imágenes',
  'Images must be a list of uploaded paths': 'Las imágenes deben ser una lista de rutas subidas',
  'Plots must be between 1 and {PLOTS_MAX}': 'Las parcelas deben estar entre 1 y {PLOTS_MAX}',
  'Plots must be a whole number': 'Las parcelas deben ser un número entero',
  'Booking mode must be instant or request': 'El modo de reserva debe ser instant o request',
  'Cancellation policy must be flexible, moderate or strict':
    'La política de cancelación debe ser flexible, moderate o strict',
  'A season needs both a first and a last month': 'Una temporada necesita un primer y un último mes',
  'Price is required for rentals': 'El precio es obligatorio en los alquileres',
  'Work hours are required for work exchanges':
    'Las horas de trabajo son obligatorias en los intercambios de trabajo',
  'Sort must be newest, price_asc, price_desc or distance':
    'El orden debe ser newest, price_asc, price_desc o distance',
  'Search text must be at most {max} characters':
    'El texto de búsqueda puede tener como máximo {max} caracteres',
  '{name} must be at most {max}': 'El campo «{name}» puede ser como máximo {max}',
  '{name} must be a whole number of {unit}': 'El campo «{name}» debe ser un número entero',
  'amenities is too long': 'amenities es demasiado largo',
  'amenities must be a comma-separated list': 'amenities debe ser una lista separada por comas',
  'maxPrice must not be less than minPrice': 'maxPrice no puede ser menor que minPrice',
  'radiusKm must be at most 5000': 'radiusKm puede ser como máximo 5000',
  'radiusKm must be positive': 'radiusKm debe ser positivo',
  'radiusKm must be a number': 'radiusKm debe ser un número',
  'limit must be at most {LISTINGS_PAGE_MAX}': 'limit puede ser como máximo {LISTINGS_PAGE_MAX}',
  'limit must be at least 1': 'limit debe ser al menos 1',
  'limit must be a whole number': 'limit debe ser un número entero',
  'limit must be a number': 'limit debe ser un número',
  'Message must be at most {MESSAGE_MAX} characters':
    'El mensaje puede tener como máximo {MESSAGE_MAX} caracteres',
  'Message cannot be empty': 'El mensaje no puede estar vacío',
  'Message content is required': 'El contenido del mensaje es obligatorio',
  'Subject type must be listing, user or message': 'El tipo de objeto debe ser listing, user o message',
  'Choose a reason: scam, unsafe, harassment, spam or other':
    'Elige un motivo: scam, unsafe, harassment, spam u other',
  'Details must be at most {REPORT_TEXT_MAX} characters':
    'Los detalles pueden tener como máximo {REPORT_TEXT_MAX} caracteres',
  'Reason must be at most {ADMIN_REASON_MAX} characters':
    'El motivo puede tener como máximo {ADMIN_REASON_MAX} caracteres',
  'A reason is required': 'Indica un motivo',
  'Message must be at most {ADMIN_REASON_MAX} characters':
    'El mensaje puede tener como máximo {ADMIN_REASON_MAX} caracteres',
  'amount is too large': 'amount es demasiado grande',
  'amount must be positive': 'amount debe ser positivo',
  'amount must be a whole number of cents': 'amount debe ser un número entero de céntimos',
  'amount must be a number of cents': 'amount debe ser un número de céntimos',
  'page is too large': 'page es demasiado grande',
  'page must be at least 1': 'page debe ser al menos 1',
  'page must be a whole number': 'page debe ser un número entero',
  'page must be a number': 'page debe ser un número',
  'status must be open, closed or all': 'status debe ser open, closed o all',
  'Search text must be at most 200 characters': 'El texto de búsqueda puede tener como máximo 200 caracteres',
  'filter must be all or flagged': 'filter debe ser all o flagged',
  'Unknown subject type': 'Tipo de objeto desconocido',
  'subjectId is out of range': 'subjectId está fuera del rango permitido',
  'subjectId must be positive': 'subjectId debe ser positivo',
  'subjectId must be a whole number': 'subjectId debe ser un número entero',
  'subjectId must be a number': 'subjectId debe ser un número',
  'listingId is out of range': 'listingId está fuera del rango permitido',
  'listingId must be positive': 'listingId debe ser positivo',
  'listingId must be a whole number': 'listingId debe ser un número entero',
  'listingId must be a number': 'listingId debe ser un número',
  'Rating must be between {RATING_MIN} and {RATING_MAX}':
    'La valoración debe estar entre {RATING_MIN} y {RATING_MAX}',
  'Rating must be a whole number': 'La valoración debe ser un número entero',
  'Rating must be a number': 'La valoración debe ser un número',
  'Comment must be at most {REVIEW_COMMENT_MAX} characters':
    'El comentario puede tener como máximo {REVIEW_COMMENT_MAX} caracteres',
  'Name must be at most {SAVED_SEARCH_NAME_MAX} characters':
    'El nombre puede tener como máximo {SAVED_SEARCH_NAME_MAX} caracteres',
  'The search is too long': 'La búsqueda es demasiado larga',
  'User id': 'ID de usuario',
  'Booking id': 'ID de reserva',
  'Entry id': 'ID de registro',
  'Listing id': 'ID de anuncio',
  // Waiting lists (ADR 049).
  'A plot is free for those dates: book it instead.': 'Hay una parcela libre para esas fechas: resérvala.',
  'A work exchange has no waiting list: send the host a request':
    'Un intercambio de trabajo no tiene lista de espera: envía una solicitud al anfitrión',
  'Offer id': 'ID de oferta',
  'Offer not found': 'Oferta no encontrada',
  'Only the host can see and change the waiting list':
    'Solo el anfitrión puede ver y cambiar la lista de espera',
  'Please give a reason': 'Indica un motivo',
  'Position is out of range': 'La posición está fuera de rango',
  'Position must be 1 or more': 'La posición debe ser 1 o más',
  'Position must be a number': 'La posición debe ser un número',
  'Position must be a whole number': 'La posición debe ser un número entero',
  'The host closed this waiting list': 'El anfitrión cerró esta lista de espera',
  'This offer has expired': 'Esta oferta ha caducado',
  'This offer is no longer open': 'Esta oferta ya no está abierta',
  'This person is not waiting on this list': 'Esta persona no está esperando en esta lista',
  'You already hold a plot here for those dates.': 'Ya tienes una parcela aquí para esas fechas.',
  'You are already on this waiting list': 'Ya estás en esta lista de espera',
  'You are not on this waiting list': 'No estás en esta lista de espera',
  'You cannot join the waiting list of your own listing':
    'No puedes apuntarte a la lista de espera de tu propio anuncio',
  'You left the waiting list': 'Has dejado la lista de espera',
  'must be 1 hour or more': 'debe ser 1 hora o más',
  'must be 336 hours (14 days) or less': 'debe ser 336 horas (14 días) o menos',
  'must be a number of hours': 'debe ser un número de horas',
  'Payment id': 'ID de pago',
  'Saved search id': 'ID de búsqueda guardada',
  Token: 'Token',
  'Current password': 'Contraseña actual',
  Password: 'Contraseña',
  'Image path': 'Ruta de la imagen',
  Name: 'Nombre',
  Email: 'Correo electrónico',
  Subject: 'Asunto',
  Message: 'Mensaje',
  Username: 'Nombre de usuario',
  'Full name': 'Nombre completo',
  Bio: 'Biografía',
  'Start date': 'Fecha de inicio',
  Note: 'Nota',
  Date: 'Fecha',
  'What was done': 'Qué se hizo',
  Amenity: 'Servicio',
  Size: 'Tamaño',
  Image: 'Imagen',
  'Search text': 'Texto de búsqueda',
  Details: 'Detalles',
  Reason: 'Motivo',
  Cursor: 'Cursor',
  'Notification id': 'ID de notificación',
  'Rental start': 'Inicio del alquiler',
  Comment: 'Comentario',
  Query: 'Consulta',
  'Language must be en, es, fr, de or ja': 'El idioma debe ser en, es, fr, de o ja',
  'Password must not be the same as your username or email':
    'La contraseña no puede ser igual que tu nombre de usuario o tu correo electrónico',
  'This password is one of the most common ones. Please choose another.':
    'Esta contraseña es una de las más comunes. Elige otra.',
  'This account is suspended. Contact {supportEmail} if you think this is a mistake.':
    'Esta cuenta está suspendida. Si crees que es un error, escribe a {supportEmail}.',
  'Not found': 'No encontrado',
  // Payouts (ADR 032)
  'This is a {other} address; payouts are sent on {network}':
    'Esta es una dirección de {other}; los pagos se envían en {network}',
  'This is not a valid Bitcoin address': 'Esta no es una dirección Bitcoin válida',
  'This is not a valid LNURL': 'Este no es un LNURL válido',
  'Enter a Lightning address (name@domain) or an LNURL':
    'Introduce una dirección Lightning (nombre@dominio) o un LNURL',
  'You have not added a payout method yet': 'Todavía no has añadido un método de cobro',
  'Your password is not correct': 'Tu contraseña no es correcta',
  'The reason is too long': 'El motivo es demasiado largo',
  'Reference is too long': 'La referencia es demasiado larga',
  'Reference is required': 'La referencia es obligatoria',
  'Give the reference of the payment you made': 'Indica la referencia del pago que hiciste',
  'Payout not found': 'Pago no encontrado',
  // The console's background jobs (issue 62).
  'A run of this job is already waiting. Retry once it has run.':
    'Ya hay una ejecución de este trabajo en espera. Reinténtalo cuando se haya ejecutado.',
  'Job not found': 'Trabajo no encontrado',
  'This job is no longer failed or dead: it was retried already.':
    'Este trabajo ya no está fallido ni descartado: ya se reintentó.',
  'This is not a job kind': 'Esto no es un tipo de trabajo',
  'The job kind is too long': 'El tipo de trabajo es demasiado largo',
  'A job kind is required': 'Se necesita un tipo de trabajo',
  'The job id must be a UUID': 'El id del trabajo debe ser un UUID',
  'This payout cannot be changed that way in its current state':
    'Este pago no se puede cambiar así en su estado actual',
  'The payment provider could not be reached to confirm the payout. Please retry.':
    'No se pudo contactar con el proveedor de pagos para confirmar el pago. Vuelve a intentarlo.',
  'type must be bitcoin, lightning or usdc': 'type debe ser bitcoin, lightning o usdc',
  'Enter a USDC address on Base: 0x and 40 letters and digits':
    'Introduce una dirección USDC en Base: 0x y 40 letras y cifras',
  'This address has a typo: its checksum does not match':
    'Esta dirección tiene una errata: su suma de comprobación no coincide',
  'This is not an address anyone can receive at': 'Nadie puede recibir dinero en esta dirección',
  'This marketplace pays hosts by {value}, not {type}':
    'Este mercado paga a los anfitriones por {value}, no por {type}',
  'Destination is too long': 'El destino es demasiado largo',
  'Destination is required': 'El destino es obligatorio',
  'Password is too long': 'La contraseña es demasiado larga',
  'from must be a date (YYYY-MM-DD)': 'from debe ser una fecha (AAAA-MM-DD)',
  'to must be a date (YYYY-MM-DD)': 'to debe ser una fecha (AAAA-MM-DD)',
  Reference: 'Referencia',
  'Payout id': 'ID del pago',
  Destination: 'Destino',
  'This booking is {status}: its agreement cannot change':
    'Esta reserva está {status}: su acuerdo ya no puede cambiar',
  'The change must differ from the version in force': 'El cambio debe diferir de la versión vigente',
  'You already accepted this version': 'Ya aceptaste esta versión',
  'This stay is already ending early': 'Esta estancia ya termina antes de tiempo',
  'The end date must fall within the stay': 'La fecha de fin debe estar dentro de la estancia',
  "The agreement asks for {days} days' notice: the earliest end is {earliest}":
    'El acuerdo pide {days} días de aviso: el fin más temprano es el {earliest}',
  'This booking is {status}: only a running stay can end early':
    'Esta reserva está {status}: solo una estancia en curso puede terminar antes',
  '{label} must be between 0 and {NOTICE_DAYS_MAX} days':
    '{label} debe estar entre 0 y {NOTICE_DAYS_MAX} días',
  '{label} must be a whole number of days': '{label} debe ser un número entero de días',
  'Permanent structures must be yes or no': 'Las estructuras permanentes deben ser sí o no',
  'Version must be a positive number': 'La versión debe ser un número positivo',
  'Version must be a whole number': 'La versión debe ser un número entero',
  'Version must be a number': 'La versión debe ser un número',
  'Say why the stay ends early': 'Di por qué la estancia termina antes',
  'The stay has ended': 'La estancia ha terminado',
  'End date': 'Fecha de fin',
  'House rules': 'Normas de la casa',
  Duties: 'Tareas',
  'What may be grown': 'Qué se puede cultivar',
  'Access hours': 'Horario de acceso',
  Water: 'Agua',
  Tools: 'Herramientas',
  'Grower notice': 'Aviso del cultivador',
  'Host notice': 'Aviso del anfitrión',
  // Calendars that sync (ADR 048).
  'Calendar not found': 'Calendario no encontrado',
  'A listing cannot import a Yardshare feed of its own.':
    'Un anuncio no puede importar un calendario de Yardshare propio.',
  'A listing can import at most {CALENDAR_IMPORTS_MAX} calendars.':
    'Un anuncio puede importar como máximo {CALENDAR_IMPORTS_MAX} calendarios.',
  'This calendar is already imported.': 'Este calendario ya está importado.',
  'Imported calendar not found': 'Calendario importado no encontrado',
  'Enter the address of a calendar feed': 'Introduce la dirección de un calendario (iCal)',
  'Feed address must be at most {CALENDAR_URL_MAX} characters':
    'La dirección del calendario debe tener como máximo {CALENDAR_URL_MAX} caracteres',
  'Feed address is required': 'La dirección del calendario es obligatoria',
  'Import id': 'Id de importación',
  'Feed address': 'Dirección del calendario',
  'This is not a feed address.': 'Esta no es la dirección de un calendario.',
  'The feed address must start with https://.': 'La dirección del calendario debe empezar por https://.',
  'The feed address points to a private network.': 'La dirección del calendario apunta a una red privada.',
  'The feed could not be reached.': 'No se ha podido acceder al calendario.',
  'The feed took too long to answer.': 'El calendario tardó demasiado en responder.',
  'The feed is too large.': 'El calendario es demasiado grande.',
  'The feed has too many events or repeats to read.':
    'El calendario tiene demasiados eventos o repeticiones para leerlo.',
  'The feed address answered with an error.': 'La dirección del calendario respondió con un error.',
  'The feed is not an iCalendar file.': 'El calendario no es un archivo iCalendar.',
};

export default texts;
