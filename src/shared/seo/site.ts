// The site's own structured data, for the home page (kept apart from the page texts so the home
// screen's code carries none of them).
import { PRODUCT_NAME as SITE_NAME } from '../constants.ts';
import type { JsonLd } from './head.ts';

export function organizationJsonLd(origin: string, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description,
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
