import { PRODUCT_NAME } from '#shared/constants.ts';
import { num, plural } from '../format.ts';
import type { MailTexts } from '../types.ts';

const n = (x: number) => num('es', x);

export const es: MailTexts = {
  layout: {
    orOpenLink: (url) => `O abre este enlace: ${url}`,
    unsubscribe: 'Cancelar suscripción',
  },
  quote: (text) => `«${text}»`,
  hours: (h) => `${n(h)} ${plural('es', h, { one: 'hora', other: 'horas' })}`,
  stars: (s) => `${n(s)} ${plural('es', s, { one: 'estrella', other: 'estrellas' })}`,

  hello: (name) => `Hola, ${name}:`,
  validHours: (h) => `${n(h)} ${plural('es', h, { one: 'hora', other: 'horas' })}`,
  verify: {
    subject: 'Confirma tu dirección de correo electrónico',
    preheader: `Un clic para confirmar la dirección de tu cuenta de ${PRODUCT_NAME}.`,
    heading: 'Confirma tu dirección de correo electrónico',
    change: `Has pedido usar esta dirección para tu cuenta de ${PRODUCT_NAME}. Tu cuenta mantiene su dirección actual hasta que confirmes esta.`,
    welcome: `¡Te damos la bienvenida a ${PRODUCT_NAME}! Confirma que esta dirección es tuya. Hasta entonces puedes explorar y enviar mensajes, pero no publicar anuncios ni recibir pagos.`,
    validity: (hours) => `El enlace funciona una sola vez y es válido durante ${hours}.`,
    action: 'Confirmar mi dirección',
    footerChange: `Recibes este correo porque alguien pidió usar esta dirección para una cuenta de ${PRODUCT_NAME}. Si no fuiste tú, ignóralo.`,
    footerNew: `Recibes este correo porque se registró una cuenta de ${PRODUCT_NAME} con esta dirección. Si no fuiste tú, ignóralo.`,
  },
  emailChange: {
    subject: 'Se ha pedido cambiar tu dirección de correo electrónico',
    preheader: 'Tu cuenta mantiene esta dirección hasta que se confirme la nueva.',
    heading: 'Se ha pedido cambiar tu dirección de correo electrónico',
    body: (masked) =>
      `Alguien con sesión iniciada en tu cuenta de ${PRODUCT_NAME} ha pedido cambiar su dirección de correo electrónico a ${masked}. El cambio solo se hace cuando se abre el enlace enviado a esa dirección.`,
    notYou: 'Si no fuiste tú, inicia sesión y cambia tu contraseña ahora.',
    action: `Iniciar sesión en ${PRODUCT_NAME}`,
    footer: `Recibes este correo porque es la dirección de tu cuenta de ${PRODUCT_NAME}.`,
  },
  reset: {
    subject: 'Elige una contraseña nueva',
    preheader: (hours) =>
      `Un enlace para elegir una contraseña nueva para ${PRODUCT_NAME}, válido durante ${hours}.`,
    heading: 'Elige una contraseña nueva',
    body: `Alguien ha pedido restablecer la contraseña de tu cuenta de ${PRODUCT_NAME}. Elige una nueva con el botón de abajo: cerrará tu sesión en todos los demás sitios.`,
    validity: (hours) =>
      `El enlace funciona una sola vez y es válido durante ${hours}. Si no lo pediste, ignora este correo: tu contraseña no cambia.`,
    action: 'Elegir una contraseña nueva',
    footer: `Recibes este correo porque se pidió una contraseña nueva para la cuenta de ${PRODUCT_NAME} con esta dirección.`,
  },

  notificationFooter:
    'Recibes este correo porque tienes una cuenta de Yardshare. Elige qué correos recibes en Ajustes de la cuenta.',
  openInApp: 'Abrir en Yardshare',
  viewBooking: 'Ver la reserva',
  seeReview: 'Ver la reseña',
  viewListing: 'Ver el anuncio',
  booking: {
    rentInvoice: (title, month, due) => `El mes ${month} de ${title} está pendiente: paga antes del ${due}`,
    rentReminder: (title, month, due) => `Recordatorio: el mes ${month} de ${title} vence el ${due}`,
    rentBody: (amount, lapse) =>
      `${amount} a través del pago en la página de la reserva. Si no está pagado el ${lapse}, la estancia termina al acabar el tiempo pagado.`,
    rentLapsed: (title, end) => `Mes sin pagar: la estancia en ${title} termina el ${end}`,
    rentLapsedBody:
      'Un mes no se pagó dentro del periodo de gracia, así que la estancia termina al acabar el tiempo pagado.',
    weekOver: (title, week) => `Muchas más horas de las acordadas en ${title}, semana del ${week}`,
    weekOverBody: (logged, agreed) =>
      `${logged} registradas frente a ${agreed} acordadas por semana. Habladlo o cambiad el acuerdo.`,
    endsEarly: (name, title, end) => `${name} termina antes la estancia en ${title}: ahora termina el ${end}`,
    agreementProposed: (name, title) => `${name} propone un cambio en el acuerdo de ${title}`,
    agreementProposedBody: (version) =>
      `La versión ${version} entra en vigor cuando la aceptes en la página de la reserva; hasta entonces el acuerdo sigue igual.`,
    endedByYardshare: (title) => `Yardshare ha terminado la estancia en ${title}`,
    endsEarlyBody: (reason) => `Motivo indicado: ${reason}`,
    requested: (grower, title, from) => `${grower} ha solicitado ${title} desde el ${from}`,
    requestExpiresIn: (days) =>
      `Acepta o rechaza la solicitud en ${n(days)} ${plural('es', days, { one: 'día', other: 'días' })}; si no, caducará.`,
    booked: (grower, title, from) => `${grower} ha reservado ${title} desde el ${from}`,
    bookedRental: (grower) => `Una reserva inmediata: se confirma cuando ${grower} pague.`,
    bookedFree: 'Una reserva inmediata: no tienes que aceptar nada.',
    accepted: (host, title) => `${host} ha aceptado tu solicitud de ${title}`,
    payWithin: (hours) => `Paga en un plazo de ${n(hours)} horas para conservar tu parcela.`,
    startsOn: (from) => `Empieza el ${from}.`,
    declined: (host, title) => `${host} ha rechazado tu solicitud de ${title}`,
    declinedBody: 'Puede que otros huertos cercanos aún tengan sitio.',
    withdrawn: (grower, title) => `${grower} ha retirado la solicitud de ${title}`,
    withdrawnBody: 'No tienes que hacer nada más.',
    cancelledByHost: (host, title) => `${host} ha cancelado tu reserva de ${title}`,
    cancelledByGrower: (grower, title) => `${grower} ha cancelado la reserva de ${title}`,
    cancelledBody: (from) => `La reserva desde el ${from} está cancelada.`,
    yourBookingExpired: (title) => `Tu reserva de ${title} ha caducado`,
    yourRequestExpired: (title) => `Tu solicitud de ${title} ha caducado`,
    notPaidInTime: 'No se pagó a tiempo, así que la parcela vuelve a estar libre.',
    hostDidNotAnswer: (host) => `${host} no respondió a tiempo.`,
    theirBookingExpired: (grower, title) => `La reserva de ${grower} para ${title} ha caducado`,
    theirRequestExpired: (grower, title) => `La solicitud de ${grower} para ${title} ha caducado`,
    notAnsweredInTime: 'No se respondió a tiempo.',
    paid: (grower, title) => `${grower} ha pagado ${title}`,
    paidBody: (from, until, hold, late) =>
      `La reserva desde el ${from} está confirmada. El pago queda retenido hasta el ${until}, ${hold} después ${late ? 'del pago' : 'del inicio'}; no se programa ningún cobro antes.`,
    paidBodyNoHold: (from) => `La reserva desde el ${from} está confirmada.`,
  },
  payout: {
    scheduled: (title) => `Pago programado por ${title}`,
    scheduledBody: (amount, grower) =>
      `${amount} por el alquiler de ${grower} está programado. Te avisaremos en cuanto se envíe.`,
    detailsNeeded: (amount) => `Añade tus datos de cobro para recibir ${amount}`,
    detailsNeededBody: (grower) =>
      `El pago por el alquiler de ${grower} espera tus datos de cobro. Añade una dirección Bitcoin o Lightning en tu página de ganancias y saldrá en la próxima ejecución.`,
    sent: (amount) => `Pago enviado: ${amount}`,
    sentBody: (title, proof) => `Se envió tu pago por ${title}. Comprobante: ${proof}`,
    sentBodyNoProof: (title) => `Se envió tu pago por ${title}.`,
    viewEarnings: 'Ver tus ganancias',
    addDetails: 'Añadir datos de cobro',
  },
  payoutMethod: {
    subject: 'Se cambiaron tus datos de cobro',
    preheader: 'Ha cambiado el destino de tus pagos de Yardshare.',
    body: (destination) => `A partir de ahora tus pagos se enviarán a ${destination}.`,
    hold: (hours) =>
      `Por tu seguridad, los pagos van al nuevo destino solo ${hours} horas después del cambio.`,
    firstOne: 'Los pagos que se te deben se envían allí desde ahora.',
    notYou:
      'Si no fuiste tú, inicia sesión, cambia tu contraseña y tus datos de cobro ahora, y escribe a soporte.',
    action: 'Revisar tus datos de cobro',
    footer: `Recibes este correo porque es la dirección de tu cuenta de ${PRODUCT_NAME}.`,
  },
  receipt: {
    title: (total, title) => `Recibo: ${total} pagados por ${title}`,
    paid: (total, rent, fee) => `Pagaste ${total}: ${rent} de alquiler y ${fee} de tarifa de servicio.`,
    held: (until) => `Yardshare retiene el alquiler hasta el ${until} y luego lo paga al anfitrión.`,
    heldMonthly: (until) =>
      `Yardshare retiene el alquiler y lo paga al anfitrión mes a mes, cada mes tras su retención; el primero el ${until}.`,
    reference: (ref) => `Referencia del pago: ${ref}`,
  },
  // The grow agreement's words (ADR 045): rendered by the server from the frozen parts.
  agreement: {
    title: 'Acuerdo de cultivo',
    version: (version) => `Versión ${version}`,
    licence:
      'Esto es una licencia para usar el espacio para cultivar, no un arrendamiento ni un alquiler de vivienda: no da derecho a vivir allí ni la posesión exclusiva de la propiedad.',
    parties: 'Las partes',
    partiesLine: (a, b) => `Anfitrión: ${a}. Cultivador: ${b}.`,
    space: 'El espacio',
    streetAddress: (address) => `Dirección: ${address}`,
    onePlot: (a) => `Una parcela de las ${a} de este huerto compartido.`,
    dates: 'Fechas',
    openEnded: (start) => `Desde el ${start}, sin fecha de fin`,
    rent: 'Alquiler',
    totalWithFee: (a) => `Total con la tarifa de servicio: ${a}`,
    policy: (name, summary, fee) =>
      `Cancelación ${name}: ${summary} La comisión del ${fee} % no se reembolsa. Si el anfitrión cancela, recuperas todo.`,
    flexible: 'Flexible',
    moderate: 'Moderada',
    strict: 'Estricta',
    flexibleSummary:
      'Cancela hasta el día antes del inicio para recuperar todo el alquiler. Después, se reembolsan los meses completos aún no empezados, tras el primero.',
    moderateSummary: (days) =>
      `Cancela ${days}+ días antes del inicio para recuperar todo el alquiler. Después, se reembolsan los meses completos aún no empezados, tras el primero.`,
    strictSummary: (days, halfDays) =>
      `Cancela ${days}+ días antes del inicio para recuperar todo el alquiler, o ${halfDays}+ días para recuperarlo todo menos la mitad del primer mes. Después, se reembolsan los meses completos aún no empezados, tras el primero y un mes más de preaviso.`,
    exchange: 'Trabajo a cambio',
    hoursPerWeek: (hours) => `${hours} h por semana`,
    usualDuties: 'Trabajo de huerto acordado con el anfitrión, semana a semana.',
    growing: 'Qué se puede cultivar o construir',
    usualGrowing: 'Verduras, hierbas, fruta y flores; nada invasor ni ilegal.',
    structuresAllowed: 'Se permiten estructuras permanentes.',
    noStructures:
      'Sin estructuras permanentes (cobertizos, bancales fijos, invernaderos) sin el consentimiento escrito del anfitrión.',
    access: 'Acceso, agua y herramientas',
    usualAccess: 'Acceso en horas de luz, acordado con el anfitrión.',
    usualWater: 'Agua según disponibilidad en el lugar.',
    usualTools: 'El cultivador trae sus propias herramientas.',
    houseRules: 'Normas de la casa',
    usualRules: 'Ninguna aparte de este acuerdo.',
    endingEarly: 'Terminar antes',
    notice: (gDays, hDays) =>
      `El cultivador puede terminar la estancia antes con ${gDays} de aviso; el anfitrión, con ${hDays} de aviso.`,
    refundRule: 'El alquiler de los meses aún no empezados se reembolsa según la política de cancelación.',
    growerRequest: 'La solicitud del cultivador',
    acceptedBy: (who, a) => `Aceptado por ${who} el ${a}`,
    notAcceptedBy: (who) => `Aún no aceptado por ${who}`,
    months: (x) => `${n(x)} ${plural('es', x, { one: 'mes', other: 'meses' })}`,
    days: (x) => `${n(x)} ${plural('es', x, { one: 'día', other: 'días' })}`,
  },
  refunded: (amount, title) => `Reembolso de ${amount} por ${title}`,
  refundBody: (amount) =>
    `Se registró un reembolso de ${amount} y se te está devolviendo a través del proveedor de pagos.`,
  listingReviewed: (reviewer, title) => `${reviewer} ha valorado ${title}`,
  reviewWithoutStay:
    'Sin reserva verificada: esta reseña no procede de una estancia reservada a través de Yardshare, y el anuncio la marca así.',
  growerReviewed: (host, title) => `${host} te ha valorado por ${title}`,
  hoursLogged: (grower, hours, title) => `${grower} ha registrado ${hours} en ${title}`,
  hoursLoggedBody: (day) => `Del ${day}. Confírmalas o cuestiónalas.`,
  hoursConfirmed: (host, hours, title) => `${host} ha confirmado tus ${hours} en ${title}`,
  hoursDisputed: (host, hours, title) => `${host} ha cuestionado tus ${hours} en ${title}`,
  hoursConfirmedBody: (day) => `Del ${day}.`,
  hoursDisputedBody: (day) => `Del ${day}. Coméntalo en Mensajes.`,
  savedSearchMatch: (search) => `Nuevo anuncio para tu búsqueda «${search}»`,
  savedSearchBody: (title, city, state) => `${title} en ${city}, ${state}`,
  waitlistOffer: (title) => `Hay una parcela libre para ti en ${title}`,
  waitlistOfferBody: (dates, until) =>
    `Eres el siguiente en la lista de espera, para ${dates}. La parcela se te reserva hasta ${until}: acéptala para reservarla o recházala para cederla.`,
  waitlistOfferAction: 'Ver la oferta',
  waitlistDeclined: (grower, title) => `${grower} ha rechazado la parcela ofrecida en ${title}`,
  waitlistDeclinedBody: 'La parcela pasa a la siguiente persona de la lista.',
  reasonGiven: (reason) => `Motivo indicado: ${reason}`,
  listingHidden: (title) => `Yardshare ha ocultado tu anuncio «${title}»`,
  listingHiddenBody: (support) =>
    `Incumplía nuestras normas, así que ya no se muestra a nadie. ¿Tienes preguntas? Escribe a ${support}.`,
  warning: 'Un aviso de Yardshare',
  warningBody: (support) =>
    `Respeta nuestros Términos del servicio; suspendemos las cuentas que las incumplen una y otra vez. ¿Tienes preguntas? Escribe a ${support}.`,
  readTerms: 'Leer los Términos del servicio',

  messageSent: (name) => `${name} te ha enviado un mensaje`,
  messagesSent: (name) => `${name} te ha enviado {n} mensajes`,
  messagesHeading: (name, count) =>
    count === 1 ? `${name} te ha enviado un mensaje` : `${name} te ha enviado ${n(count)} mensajes`,
  messagesSubject: (name, count) =>
    count === 1 ? `Nuevo mensaje de ${name}` : `${n(count)} mensajes nuevos de ${name}`,
  earlierMessages: (count) =>
    `…y ${n(count)} ${plural('es', count, { one: 'mensaje anterior', other: 'mensajes anteriores' })}.`,
  replyTo: (name) => `Responder a ${name}`,

  unsubscribeAll: 'los correos de notificaciones de Yardshare',
  unsubscribeKind: (label) => `los correos de «${label}»`,
  unsubscribeDescribe: (scope) => `Este enlace desactiva ${scope}.`,
  unsubscribeDone: (scope) => `Ya no recibirás ${scope}. Puedes volver a activarlos en Ajustes de la cuenta.`,
  kinds: {
    message: 'Mensajes nuevos (sin leer tras 10 minutos)',
    booking_requested: 'Solicitudes de reserva y reservas inmediatas',
    booking_accepted: 'Reserva aceptada',
    booking_declined: 'Reserva rechazada',
    booking_cancelled: 'Reserva cancelada',
    booking_expired: 'Reserva caducada',
    booking_paid: 'Reserva pagada',
    rent_due: 'Alquiler mensual pendiente',
    payout_released: 'Pago programado',
    payout_sent: 'Pago enviado',
    payout_details_needed: 'Faltan tus datos de cobro',
    payment_refunded: 'Reembolsos',
    payment_receipt: 'Recibos de pago',
    review_received: 'Reseñas que recibes',
    hours_logged: 'Horas registradas',
    hours_confirmed: 'Horas confirmadas',
    hours_disputed: 'Horas cuestionadas',
    saved_search_match: 'Nuevos anuncios que coinciden con una búsqueda guardada',
    waitlist_offer: 'Parcelas ofrecidas desde una lista de espera',
    account_notice: 'Avisos de Yardshare sobre tu cuenta',
  },
};
