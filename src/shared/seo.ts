// Page head data and rules, written once for the client (usePageHead) and the server (the HTML it
// answers to crawlers and link-preview bots). Pure functions: no DOM, no Node APIs.
import {
  LANGUAGES,
  LISTING_TYPES,
  type ListingType,
  PRODUCT_NAME,
  SEO_DESCRIPTION_MAX,
  TITLE_SUFFIX,
} from './constants.ts';

export const SITE_NAME = PRODUCT_NAME;
export const DEFAULT_DESCRIPTION =
  'Yardshare connects people who have growing space with people who want to grow food: rent a plot, trade work for space or join a community garden.';
export const DEFAULT_IMAGE = '/social/og-default.svg';
export const DEFAULT_IMAGE_ALT = 'Yardshare: share land, grow food';
export const DEFAULT_KEYWORDS = [
  'yardshare',
  'yard sharing',
  'garden sharing',
  'community garden',
  'garden plot rental',
  'work exchange',
  'grow food',
];
export const OG_LOCALE = 'en_US';
export const OG_LOCALE_ALTERNATES = ['es_ES', 'fr_FR', 'de_DE', 'ja_JP'] as const;

export type JsonLd = Record<string, unknown>;

export type PageHead = {
  title: string;
  description?: string;
  keywords?: string[];
  /** Path (and query, when it matters) of the canonical URL; defaults to the current path. */
  path?: string;
  noindex?: boolean;
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'article';
  jsonLd?: JsonLd | JsonLd[];
};

export function fullTitle(title: string): string {
  return title.endsWith(TITLE_SUFFIX.trim()) || title.includes(TITLE_SUFFIX)
    ? title
    : `${title}${TITLE_SUFFIX}`;
}

export function seoDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > SEO_DESCRIPTION_MAX ? `${clean.slice(0, 147)}...` : clean;
}

// A path without its trailing slashes ('/' stays '/'): '/listings/' and '/listings' are one page.
export function trimPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function languageUrl(origin: string, lang: string, path: string): string {
  if (lang === 'en') return origin + path;
  return `${origin}/${lang}${path === '/' ? '' : path}`;
}

// One tag of the head. `key` says which tag it replaces on the client.
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; json: string };

// Serialises JSON for a <script type="application/ld+json"> block: no '<', '>' or '&' can close
// the element or start markup.
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function buildHead(head: PageHead, origin: string, currentPath: string): HeadTag[] {
  const path = head.path ?? currentPath;
  const url = origin + path;
  const title = fullTitle(head.title);
  const description = seoDescription(head.description ?? DEFAULT_DESCRIPTION);
  const image = absoluteUrl(origin, head.image ?? DEFAULT_IMAGE);
  const imageAlt = head.imageAlt ?? (head.image ? head.title : DEFAULT_IMAGE_ALT);
  const keywords = (head.keywords?.length ? head.keywords : DEFAULT_KEYWORDS).join(', ');
  const meta = (attr: 'name' | 'property', key: string, content: string): HeadTag => ({
    tag: 'meta',
    attrs: { [attr]: key, content },
  });
  const tags: HeadTag[] = [
    { tag: 'title', text: title },
    meta('name', 'description', description),
    meta('name', 'keywords', keywords),
    meta('name', 'robots', head.noindex ? 'noindex, nofollow' : 'index, follow'),
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    ...LANGUAGES.map(
      (lang): HeadTag => ({
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: lang, href: languageUrl(origin, lang, path) },
      }),
    ),
    { tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: url } },
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', imageAlt),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', OG_LOCALE),
    ...OG_LOCALE_ALTERNATES.map((l) => meta('property', 'og:locale:alternate', l)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
  ];
  const ld = head.jsonLd ? (Array.isArray(head.jsonLd) ? head.jsonLd : [head.jsonLd]) : [];
  for (const item of ld)
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, json: jsonForScript(item) });
  return tags;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// The tags as HTML, each marked data-head so the client knows which ones it owns.
export function renderHeadHtml(tags: HeadTag[]): string {
  const attrs = (a: Record<string, string>) =>
    Object.entries(a)
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join('');
  return tags
    .map((t) => {
      if (t.tag === 'title') return `<title data-head>${escapeHtml(t.text)}</title>`;
      if (t.tag === 'script') return `<script data-head${attrs(t.attrs)}>${t.json}</script>`;
      return `<${t.tag} data-head${attrs(t.attrs)} />`;
    })
    .join('\n    ');
}

// ---------------------------------------------------------------------------------------------
// Structured data

export function organizationJsonLd(origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: DEFAULT_DESCRIPTION,
    email: 'hello@yardshare.org',
  };
}

export function websiteJsonLd(origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/listings?location={search_term}` },
      'query-input': 'required name=search_term',
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Static and content pages: one place for their titles, descriptions and keywords.

export type StaticPage = {
  title: string;
  description: string;
  keywords?: string[];
  noindex?: boolean;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
};

export const STATIC_PAGES = {
  '/': {
    title: 'Share land, grow food',
    description: DEFAULT_DESCRIPTION,
    keywords: DEFAULT_KEYWORDS,
    changefreq: 'daily',
    priority: 1,
  },
  '/how-it-works': {
    title: 'How it works',
    description:
      'Rent a plot, trade a few hours of work for space, or join a free community garden. See how hosting and growing on Yardshare work, step by step.',
    keywords: [
      'how yardshare works',
      'rent a garden plot',
      'garden work exchange',
      'host a garden',
      'community garden',
    ],
    changefreq: 'monthly',
    priority: 0.8,
  },
  '/our-mission': {
    title: 'Our mission',
    description:
      'Yardshare puts idle yards, gardens and farmland to work growing food for the people around them. Read our vision, our values and the impact we seek.',
    keywords: [
      'yardshare mission',
      'urban agriculture',
      'food security',
      'land sharing',
      'community gardening',
    ],
    changefreq: 'monthly',
    priority: 0.6,
  },
  '/community-stories': {
    title: 'Community stories',
    description:
      'Hosts and growers share what opening a yard, trading work for space and joining a community garden through Yardshare has meant to them.',
    keywords: ['yardshare stories', 'garden host stories', 'grower testimonials', 'community garden stories'],
    changefreq: 'monthly',
    priority: 0.6,
  },
  '/contact': {
    title: 'Contact us',
    description:
      'Questions about hosting, growing, payments or safety? Write to the Yardshare team, call us, or find our office address. We answer every message.',
    keywords: ['contact yardshare', 'yardshare support', 'yardshare help'],
    changefreq: 'yearly',
    priority: 0.5,
  },
  '/terms': {
    title: 'Terms of Service',
    description:
      'The rules for using Yardshare as a Host or a Grower: accounts, fees, cancellations, prohibited activities, liability and the law that applies.',
    keywords: [
      'yardshare terms of service',
      'safety guidelines',
      'host responsibilities',
      'grower responsibilities',
    ],
    changefreq: 'yearly',
    priority: 0.3,
  },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description:
      'What personal data Yardshare collects, how we use and share it, how long we keep it, and the choices and rights you have, including California rights.',
    keywords: ['yardshare privacy policy', 'personal data', 'california privacy rights'],
    changefreq: 'yearly',
    priority: 0.3,
  },
  '/blog': {
    title: 'Blog',
    description:
      'Stories, guides and ideas on yardsharing, community gardens, work exchanges and growing food wherever you live, from the Yardshare team.',
    keywords: ['yardsharing blog', 'gardening blog', 'urban farming', 'community gardens'],
    changefreq: 'weekly',
    priority: 0.7,
  },
  '/resources': {
    title: 'Growing resources',
    description:
      'Guides for growers and hosts: soil and planting, sharing agreements, seasonal planning, and the partner organisations that help shared gardens grow.',
    keywords: ['gardening guides', 'growing resources', 'garden sharing agreement', 'seed library'],
    changefreq: 'monthly',
    priority: 0.6,
  },
  '/auth': {
    title: 'Sign in or join',
    description: 'Sign in to Yardshare or create a free account to list land or find a place to grow.',
    noindex: true,
  },
  '/create-listing': {
    title: 'List Your Growing Space',
    description: 'Share your yard, garden or farm with growers near you.',
    noindex: true,
  },
  '/profile': { title: 'Your profile', description: 'Your listings and account settings.', noindex: true },
  '/messages': {
    title: 'Messages',
    description: 'Your conversations with hosts and growers.',
    noindex: true,
  },
  '/payment/success': {
    title: 'Payment Successful!',
    description: 'Thank you. The details of your payment are sent by e-mail.',
    noindex: true,
  },
  '/payment/cancel': {
    title: 'Payment Cancelled',
    description: 'Your payment was cancelled and no charges were made.',
    noindex: true,
  },
} satisfies Record<string, StaticPage>;

export type StaticPath = keyof typeof STATIC_PAGES;

export function staticPageHead(path: StaticPath, extra: Partial<PageHead> = {}): PageHead {
  const p: StaticPage = STATIC_PAGES[path];
  return {
    title: p.title,
    description: p.description,
    keywords: p.keywords,
    noindex: p.noindex,
    path,
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Blog

export const BLOG_AUTHOR = 'The Yardshare Team';

export const RISE_OF_YARDSHARING = {
  slug: 'rise-of-yardsharing',
  path: '/blog/rise-of-yardsharing',
  title: 'The Rise of Yardsharing',
  description:
    'Across cities and suburbs, people with unused yards share them with people who want to grow food. Why yardsharing is growing, and how to take part.',
  datePublished: '2025-03-25',
  dateLabel: 'March 25, 2025',
  readTime: '8 min read',
  image: '/social/blog-rise-of-yardsharing.svg',
  imageAlt: 'Raised garden beds in a shared backyard, drawn in green and earth tones',
  keywords: [
    'yardsharing',
    'yard sharing',
    'backyard gardens',
    'urban agriculture',
    'garden sharing',
    'grow your own food',
  ],
} as const;

export function articleHead(origin: string): PageHead {
  const a = RISE_OF_YARDSHARING;
  return {
    title: a.title,
    description: a.description,
    keywords: [...a.keywords],
    path: a.path,
    type: 'article',
    image: a.image,
    imageAlt: a.imageAlt,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: a.title,
      description: a.description,
      image: [absoluteUrl(origin, a.image)],
      datePublished: a.datePublished,
      dateModified: a.datePublished,
      author: { '@type': 'Organization', name: BLOG_AUTHOR, url: `${origin}/our-mission` },
      publisher: {
        '@type': 'Organization',
        name: SITE_NAME,
        logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': origin + a.path },
      keywords: a.keywords.join(', '),
    },
  };
}

export function homeHead(origin: string): PageHead {
  return { ...staticPageHead('/'), jsonLd: [organizationJsonLd(origin), websiteJsonLd(origin)] };
}

// ---------------------------------------------------------------------------------------------
// Listings

const TYPE_TITLES: Record<ListingType, string> = {
  rental: 'Garden and yard rentals',
  exchange: 'Work exchange growing spaces',
  community: 'Free community gardens',
};
const TYPE_TEXT: Record<ListingType, string> = {
  rental: 'Rent a yard, garden plot or piece of farmland by the month',
  exchange: 'Trade a few hours of work each week for space to grow',
  community: 'Join a free shared community garden',
};

export function parseListingType(value: unknown): ListingType | undefined {
  return typeof value === 'string' && (LISTING_TYPES as readonly string[]).includes(value)
    ? (value as ListingType)
    : undefined;
}

export function listingsHead(origin: string, params: { type?: string; location?: string }): PageHead {
  const type = parseListingType(params.type);
  const location = params.location?.replace(/\s+/g, ' ').trim().slice(0, 80) || undefined;
  const base = type ? TYPE_TITLES[type] : 'Browse growing spaces';
  const title = location ? `${base} in ${location}` : base;
  const lead = type ? TYPE_TEXT[type] : 'Find rentals, work exchanges and free community gardens';
  const description = `${lead}${location ? ` in and around ${location}` : ' near you'}. Browse spaces shared by local hosts on Yardshare and message them directly.`;
  const q = new URLSearchParams();
  if (type) q.set('type', type);
  if (location) q.set('location', location);
  const path = `/listings${q.size ? `?${q}` : ''}`;
  return {
    title,
    description,
    keywords: [
      'garden listings',
      'growing space',
      type ? TYPE_TITLES[type].toLowerCase() : 'garden rental',
      ...(location ? [`gardens in ${location}`] : []),
    ],
    path,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: fullTitle(title),
      description,
      url: origin + path,
    },
  };
}

export type ListingForHead = {
  id: number;
  title: string;
  description: string;
  type: ListingType;
  price: number | null;
  workHours: number | null;
  city: string;
  state: string;
  images: string[];
};

export function listingPriceText(l: Pick<ListingForHead, 'type' | 'price' | 'workHours'>): string {
  if (l.type === 'rental') return l.price != null ? `$${l.price} / month` : 'Rental';
  if (l.type === 'exchange') return l.workHours != null ? `${l.workHours} hrs / week` : 'Work exchange';
  return 'Free community garden';
}

export function listingHead(origin: string, l: ListingForHead): PageHead {
  const path = `/listings/${l.id}`;
  const where = `${l.city}, ${l.state}`;
  const image = l.images[0];
  const offerPrice = l.type === 'rental' ? l.price : l.type === 'community' ? 0 : null;
  return {
    title: `${l.title} in ${where}`,
    description: `${listingPriceText(l)} in ${where}. ${l.description}`,
    keywords: [
      l.type === 'rental' ? 'garden rental' : l.type === 'exchange' ? 'work exchange' : 'community garden',
      l.city,
      l.state,
      'growing space',
    ],
    path,
    image: image ?? DEFAULT_IMAGE,
    imageAlt: image ? l.title : DEFAULT_IMAGE_ALT,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: l.title,
      description: l.description,
      url: origin + path,
      image: absoluteUrl(origin, image ?? DEFAULT_IMAGE),
      category: l.type,
      ...(offerPrice != null
        ? {
            offers: {
              '@type': 'Offer',
              price: String(offerPrice),
              priceCurrency: 'USD',
              availability: 'https://schema.org/InStock',
              url: origin + path,
              areaServed: where,
            },
          }
        : {}),
    },
  };
}
