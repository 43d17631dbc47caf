// Page head rules, written once for the client (usePageHead) and the server (the HTML it answers
// to crawlers and link-preview bots). Pure functions: no DOM, no Node APIs.
import { PRODUCT_NAME, SEO_DESCRIPTION_MAX, TITLE_SUFFIX } from '../constants.ts';
import { LOCALES, type Locale, localePath, OG_LOCALES } from '../i18n.ts';
import type { HeadTexts } from '../texts/types.ts';

// No language's texts are imported here: the first page a visitor loads needs this module, and
// only its own language's head texts (ADR 031).
export type { HeadTexts } from '../texts/types.ts';
export const SITE_NAME = PRODUCT_NAME;
export const DEFAULT_IMAGE = '/social/og-default.svg';

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

// currentPath and head.path are unprefixed: the page in `locale` is canonical to itself, with the
// same page in every language as alternates and the English one as x-default (ADR 031).
export function buildHead(
  head: PageHead,
  origin: string,
  currentPath: string,
  locale: Locale,
  texts: Pick<HeadTexts, 'defaultDescription' | 'defaultKeywords' | 'defaultImageAlt'>,
): HeadTag[] {
  const path = head.path ?? currentPath;
  const url = origin + localePath(locale, path);
  const title = fullTitle(head.title);
  const description = seoDescription(head.description ?? texts.defaultDescription);
  const image = absoluteUrl(origin, head.image ?? DEFAULT_IMAGE);
  const imageAlt = head.imageAlt ?? (head.image ? head.title : texts.defaultImageAlt);
  const keywords = (head.keywords?.length ? head.keywords : texts.defaultKeywords).join(', ');
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
    ...LOCALES.map(
      (lang): HeadTag => ({
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: lang, href: origin + localePath(lang, path) },
      }),
    ),
    { tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: origin + path } },
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', imageAlt),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', OG_LOCALES[locale]),
    ...LOCALES.filter((l) => l !== locale).map((l) => meta('property', 'og:locale:alternate', OG_LOCALES[l])),
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
