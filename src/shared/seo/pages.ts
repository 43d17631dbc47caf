// Heads of the static and content pages and the blog: one place for their titles, descriptions,
// keywords and structured data.
import {
  absoluteUrl,
  DEFAULT_DESCRIPTION,
  DEFAULT_KEYWORDS,
  type JsonLd,
  type PageHead,
  SITE_NAME,
} from './head.ts';

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
  '/bookings': {
    title: 'Your bookings',
    description: 'The growing spaces you booked and the bookings of your spaces on Yardshare.',
    noindex: true,
  },
  '/notifications': {
    title: 'Notifications',
    description: 'What happened on your bookings, messages and reviews.',
    noindex: true,
  },
  '/saved': {
    title: 'Saved',
    description: 'The growing spaces and searches you saved on Yardshare.',
    noindex: true,
  },
  '/reset-password': {
    title: 'Choose a new password',
    description: 'Set a new password for your Yardshare account.',
    noindex: true,
  },
  '/verify-email': {
    title: 'Confirm your e-mail address',
    description: 'Confirm the e-mail address of your Yardshare account.',
    noindex: true,
  },
  '/unsubscribe': {
    title: 'Unsubscribe',
    description: 'Choose which e-mails Yardshare sends you.',
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
