import { useEffect } from 'react';
import { LANGUAGES, SEO_DESCRIPTION_MAX, TITLE_SUFFIX } from '#shared/constants.ts';

// The page head (spec section 2 'Page head'). Pages pass data; this sets the tags.
export type PageHead = {
  title: string;
  description?: string;
  keywords?: string[];
  path?: string;
  noindex?: boolean;
  image?: string;
  type?: 'website' | 'article';
};

export const DEFAULT_DESCRIPTION =
  'Yardshare connects people who have growing space with people who want to grow food: rent a plot, trade work for space, or join a free community garden.';
export const DEFAULT_IMAGE = '/social/og-default.svg';

export function fullTitle(title: string): string {
  return title.endsWith(TITLE_SUFFIX.trim()) || title.includes(TITLE_SUFFIX) ? title : `${title}${TITLE_SUFFIX}`;
}

export function seoDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > SEO_DESCRIPTION_MAX ? `${clean.slice(0, 147)}...` : clean;
}

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function setLink(rel: string, href: string, hreflang?: string) {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]:not([hreflang])`;
  let el = document.head.querySelector<HTMLLinkElement>(selector);
  if (!el) {
    el = document.createElement('link');
    el.rel = rel;
    if (hreflang) el.hreflang = hreflang;
    document.head.appendChild(el);
  }
  el.href = href;
}

export function usePageHead(head: PageHead) {
  const { title, description = DEFAULT_DESCRIPTION, keywords, path, noindex, image = DEFAULT_IMAGE, type = 'website' } = head;
  const keywordText = keywords?.join(', ');
  useEffect(() => {
    const origin = window.location.origin;
    const url = origin + (path ?? window.location.pathname);
    const t = fullTitle(title);
    const d = seoDescription(description);
    document.title = t;
    setMeta('name', 'description', d);
    if (keywordText) setMeta('name', 'keywords', keywordText);
    setMeta('name', 'robots', noindex ? 'noindex, nofollow' : 'index, follow');
    setLink('canonical', url);
    for (const lang of LANGUAGES) setLink('alternate', lang === 'en' ? url : `${origin}/${lang}${path ?? window.location.pathname}`, lang);
    setLink('alternate', url, 'x-default');
    const img = image.startsWith('http') ? image : origin + image;
    setMeta('property', 'og:title', t);
    setMeta('property', 'og:description', d);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:type', type);
    setMeta('property', 'og:image', img);
    setMeta('property', 'og:site_name', 'Yardshare');
    setMeta('property', 'og:locale', 'en_US');
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', t);
    setMeta('name', 'twitter:description', d);
    setMeta('name', 'twitter:image', img);
  }, [title, description, keywordText, path, noindex, image, type]);
}
