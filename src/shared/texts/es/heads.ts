// Textos de las cabeceras de página en español (ADR 031).
import type { HeadTexts } from '../types.ts';

const DESCRIPTION =
  'Yardshare une a quien tiene espacio para cultivar con quien quiere cultivar: alquila una parcela, intercambia trabajo o únete a un huerto comunitario.';
const KEYWORDS = [
  'yardshare',
  'compartir jardín',
  'compartir huerto',
  'huerto comunitario',
  'alquiler de huertos',
  'intercambio de trabajo',
  'cultivar alimentos',
];

export const es: HeadTexts = {
  defaultDescription: DESCRIPTION,
  defaultKeywords: KEYWORDS,
  defaultImageAlt: 'Yardshare: comparte tierra, cultiva alimentos',
  pages: {
    '/': { title: 'Comparte tierra, cultiva alimentos', description: DESCRIPTION, keywords: KEYWORDS },
    '/how-it-works': {
      title: 'Cómo funciona',
      description:
        'Alquila una parcela, cambia unas horas de trabajo por espacio o únete a un huerto comunitario gratuito. Descubre paso a paso cómo funciona Yardshare.',
      keywords: [
        'cómo funciona yardshare',
        'alquilar parcela de huerto',
        'intercambio de trabajo en huerto',
        'ofrecer mi jardín',
        'huerto comunitario',
      ],
    },
    '/our-mission': {
      title: 'Nuestra misión',
      description:
        'Yardshare pone a producir patios, jardines y tierras sin uso para alimentar a quienes viven cerca. Conoce nuestra visión, valores e impacto.',
      keywords: [
        'misión de yardshare',
        'agricultura urbana',
        'seguridad alimentaria',
        'compartir tierra',
        'huertos comunitarios',
      ],
    },
    '/community-stories': {
      title: 'Historias de la comunidad',
      description:
        'Anfitriones y cultivadores cuentan qué les ha aportado abrir su jardín, intercambiar trabajo por espacio o unirse a un huerto comunitario.',
      keywords: [
        'historias de yardshare',
        'historias de anfitriones',
        'testimonios de cultivadores',
        'historias de huertos comunitarios',
      ],
    },
    '/contact': {
      title: 'Contacto',
      description:
        '¿Dudas sobre ser anfitrión, cultivar, pagos o seguridad? Escribe al equipo de Yardshare, llámanos o visita nuestra oficina. Respondemos a todos.',
      keywords: ['contacto yardshare', 'soporte yardshare', 'ayuda yardshare'],
    },
    '/terms': {
      title: 'Condiciones del servicio',
      description:
        'Las normas para usar Yardshare como anfitrión o cultivador: cuentas, tarifas, cancelaciones, actividades prohibidas, responsabilidad y ley aplicable.',
      keywords: [
        'condiciones del servicio yardshare',
        'normas de seguridad',
        'responsabilidades del anfitrión',
        'responsabilidades del cultivador',
      ],
    },
    '/privacy-policy': {
      title: 'Política de privacidad',
      description:
        'Qué datos personales recoge Yardshare, cómo los usamos y compartimos, cuánto tiempo los guardamos y tus derechos, incluidos los de California.',
      keywords: ['política de privacidad yardshare', 'datos personales', 'derechos de privacidad california'],
    },
    '/blog': {
      title: 'Blog',
      description:
        'Historias, guías e ideas del equipo de Yardshare sobre compartir jardines, huertos comunitarios, intercambio de trabajo y cultivar donde vivas.',
      keywords: [
        'blog de huertos compartidos',
        'blog de jardinería',
        'agricultura urbana',
        'huertos comunitarios',
      ],
    },
    '/resources': {
      title: 'Recursos de cultivo',
      description:
        'Guías para cultivadores y anfitriones: suelo y siembra, acuerdos para compartir, calendario de temporada y entidades aliadas de los huertos.',
      keywords: [
        'guías de jardinería',
        'recursos de cultivo',
        'acuerdo para compartir huerto',
        'banco de semillas',
      ],
    },
    '/auth': {
      title: 'Inicia sesión o regístrate',
      description:
        'Inicia sesión en Yardshare o crea una cuenta gratuita para anunciar tu terreno o encontrar dónde cultivar.',
    },
    '/create-listing': {
      title: 'Anuncia tu espacio de cultivo',
      description: 'Comparte tu patio, jardín o finca con cultivadores cerca de ti.',
    },
    '/profile': { title: 'Tu perfil', description: 'Tus anuncios y la configuración de tu cuenta.' },
    '/messages': { title: 'Mensajes', description: 'Tus conversaciones con anfitriones y cultivadores.' },
    '/bookings': {
      title: 'Tus reservas',
      description: 'Los espacios de cultivo que reservaste y las reservas de tus espacios en Yardshare.',
    },
    '/notifications': {
      title: 'Notificaciones',
      description: 'Novedades de tus reservas, mensajes y reseñas.',
    },
    '/saved': {
      title: 'Guardados',
      description: 'Los espacios de cultivo y las búsquedas que guardaste en Yardshare.',
    },
    '/reset-password': {
      title: 'Elige una nueva contraseña',
      description: 'Establece una nueva contraseña para tu cuenta de Yardshare.',
    },
    '/verify-email': {
      title: 'Confirma tu correo electrónico',
      description: 'Confirma la dirección de correo electrónico de tu cuenta de Yardshare.',
    },
    '/unsubscribe': { title: 'Cancelar suscripción', description: 'Elige qué correos te envía Yardshare.' },
    '/payment/success': {
      title: '¡Pago realizado!',
      description: 'Gracias. Te hemos enviado los detalles de tu pago por correo electrónico.',
    },
    '/payment/cancel': {
      title: 'Pago cancelado',
      description: 'Tu pago se ha cancelado y no se ha realizado ningún cargo.',
    },
  },
  article: {
    title: 'El auge de los huertos compartidos',
    description:
      'En ciudades y afueras, quien tiene un patio sin usar lo comparte con quien quiere cultivar. Por qué crece esta tendencia y cómo puedes participar.',
    imageAlt: 'Bancales elevados en un patio compartido, dibujados en tonos verdes y tierra',
    keywords: [
      'yardsharing',
      'compartir jardín',
      'huerto en casa',
      'agricultura urbana',
      'huertos compartidos',
      'cultivar tus propios alimentos',
    ],
    author: 'El equipo de Yardshare',
  },
  listings: {
    browse: 'Explora espacios de cultivo',
    typeTitles: {
      rental: 'Alquiler de huertos y jardines',
      exchange: 'Huertos por intercambio de trabajo',
      community: 'Huertos comunitarios gratuitos',
    },
    typeLeads: {
      rental: 'Alquila por meses un patio, una parcela o un terreno agrícola',
      exchange: 'Cambia unas horas de trabajo semanales por espacio para cultivar',
      community: 'Únete a un huerto comunitario gratuito',
    },
    lead: 'Encuentra alquileres, intercambios de trabajo y huertos comunitarios gratis',
    titleIn: (base, location) => `${base} en ${location}`,
    description: (lead, location) =>
      `${lead}${location ? ` en ${location} y alrededores` : ' cerca de ti'}. Escribe a anfitriones locales en Yardshare.`,
    keywords: ['anuncios de huertos', 'espacio de cultivo'],
    defaultTypeKeyword: 'alquiler de huerto',
    locationKeyword: (location) => `huertos en ${location}`,
  },
  listing: {
    title: (title, where) => `${title} en ${where}`,
    description: (price, where, description) => `${price} en ${where}. ${description}`,
    pricePerMonth: (dollars) => `${dollars} US$ / mes`,
    hoursPerWeek: (hours) => `${hours} h / semana`,
    rental: 'Alquiler',
    exchange: 'Intercambio de trabajo',
    community: 'Huerto comunitario gratuito',
    typeKeywords: {
      rental: 'alquiler de huerto',
      exchange: 'intercambio de trabajo',
      community: 'huerto comunitario',
    },
    growingSpace: 'espacio de cultivo',
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'La página que buscas no existe en Yardshare.',
  },
  listingNotFound: {
    title: 'Anuncio no encontrado',
    description:
      'Este espacio de cultivo ya no está disponible en Yardshare. Explora todos los anuncios para encontrar otro cerca de ti.',
  },
  memberProfile: 'Perfil de miembro',
  booking: 'Reserva',
  editListing: 'Edita tu anuncio',
  earnings: 'Ganancias',
  operatorConsole: 'Consola de operador',
};
