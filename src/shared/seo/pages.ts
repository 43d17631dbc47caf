// Heads of the static and content pages and the blog: one place for their titles, descriptions,
// keywords and structured data.

export const DEFAULT_DESCRIPTION = en.defaultDescription;
export const DEFAULT_IMAGE_ALT = en.defaultImageAlt;
export const DEFAULT_KEYWORDS = en.defaultKeywords;
export { organizationJsonLd, websiteJsonLd };

import { en } from '../texts/en/heads.ts';
import { type HeadTexts, type PageText, STATIC_PATHS, type StaticPath } from '../texts/types.ts';
import { absoluteUrl, type PageHead, SITE_NAME } from './head.ts';
import { organizationJsonLd, websiteJsonLd } from './site.ts';

// ---------------------------------------------------------------------------------------------
// Static and content pages: their words per language live in ./texts (ADR 031), their place in the
// sitemap here.

export type StaticPage = PageText & {
  noindex?: boolean;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
};

const PAGE_META: Record<StaticPath, Omit<StaticPage, keyof PageText>> = {
  '/': { changefreq: 'daily', priority: 1 },
  '/how-it-works': { changefreq: 'monthly', priority: 0.8 },
  '/our-mission': { changefreq: 'monthly', priority: 0.6 },
  '/community-stories': { changefreq: 'monthly', priority: 0.6 },
  '/contact': { changefreq: 'yearly', priority: 0.5 },
  '/terms': { changefreq: 'yearly', priority: 0.3 },
  '/privacy-policy': { changefreq: 'yearly', priority: 0.3 },
  '/blog': { changefreq: 'weekly', priority: 0.7 },
  '/resources': { changefreq: 'monthly', priority: 0.6 },
  '/auth': { noindex: true },
  '/create-listing': { noindex: true },
  '/profile': { noindex: true },
  '/messages': { noindex: true },
  '/bookings': { noindex: true },
  '/notifications': { noindex: true },
  '/saved': { noindex: true },
  '/reset-password': { noindex: true },
  '/verify-email': { noindex: true },
  '/unsubscribe': { noindex: true },
  '/payment/success': { noindex: true },
  '/payment/cancel': { noindex: true },
};

// The English heads with their sitemap data.
export const STATIC_PAGES = Object.fromEntries(
  STATIC_PATHS.map((p) => [p, { ...en.pages[p], ...PAGE_META[p] }]),
) as Record<StaticPath, StaticPage>;

export { STATIC_PATHS, type StaticPath };

export function staticPageHead(
  path: StaticPath,
  extra: Partial<PageHead> = {},
  texts: HeadTexts = en,
): PageHead {
  const p = texts.pages[path];
  return {
    title: p.title,
    description: p.description,
    keywords: p.keywords,
    noindex: PAGE_META[path].noindex,
    path,
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Blog

export const BLOG_AUTHOR = en.article.author;

// The article's place and dates; its words are in ./texts (HeadTexts.article).
export const RISE_OF_YARDSHARING = {
  slug: 'rise-of-yardsharing',
  path: '/blog/rise-of-yardsharing',
  datePublished: '2025-03-25',
  image: '/social/blog-rise-of-yardsharing.svg',
} as const;

export function articleHead(origin: string, texts: HeadTexts = en): PageHead {
  const a = RISE_OF_YARDSHARING;
  const words = texts.article;
  return {
    title: words.title,
    description: words.description,
    keywords: [...words.keywords],
    path: a.path,
    type: 'article',
    image: a.image,
    imageAlt: words.imageAlt,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: words.title,
      description: words.description,
      image: [absoluteUrl(origin, a.image)],
      datePublished: a.datePublished,
      dateModified: a.datePublished,
      author: { '@type': 'Organization', name: words.author, url: `${origin}/our-mission` },
      publisher: {
        '@type': 'Organization',
        name: SITE_NAME,
        logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': origin + a.path },
      keywords: words.keywords.join(', '),
    },
  };
}

export function homeHead(origin: string, texts: HeadTexts = en): PageHead {
  return {
    ...staticPageHead('/', {}, texts),
    jsonLd: [organizationJsonLd(origin, texts.defaultDescription), websiteJsonLd(origin)],
  };
}
