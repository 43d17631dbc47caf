import { useEffect, useRef } from 'react';
import { type Locale, splitLocale } from '#shared/i18n.ts';
import {
  buildHead,
  DEFAULT_IMAGE,
  fullTitle,
  type HeadTag,
  type HeadTexts,
  type PageHead,
  seoDescription,
} from '#shared/seo/head.ts';

// Each language's head texts in its own chunk: a page loads only its own (ADR 031).
const headTexts = import.meta.glob<HeadTexts>(
  ['../../shared/seo/texts/*.ts', '!**/index.ts', '!**/types.ts'],
  { import: 'default' },
);

function loadHeadTexts(locale: Locale): Promise<HeadTexts> {
  const load = headTexts[`../../shared/seo/texts/${locale}.ts`];
  if (!load) return Promise.reject(new Error(`No head texts for ${locale}`));
  return load();
}

// The page head. Pages pass data; this sets the tags. The tag list
// comes from #shared/seo.ts, the same code the server uses to answer crawlers with a ready head.
export type { JsonLd, PageHead } from '#shared/seo/head.ts';
export { DEFAULT_IMAGE, fullTitle, seoDescription };

function applyHead(tags: HeadTag[]) {
  const head = document.head;
  // The server-rendered head and earlier pages mark their tags data-head; index.html's own
  // description is dropped too so there is exactly one of each.
  for (const el of head.querySelectorAll('[data-head], meta[name="description"]')) el.remove();
  for (const t of tags) {
    if (t.tag === 'title') {
      document.title = t.text;
      continue;
    }
    const el = document.createElement(t.tag);
    el.setAttribute('data-head', '');
    for (const [k, v] of Object.entries(t.attrs)) el.setAttribute(k, v);
    if (t.tag === 'script') el.textContent = t.json;
    head.appendChild(el);
  }
}

// head: the page's head (its texts already translated), or a function that builds it from the
// page language's head texts (staticPageHead, listingHead...) with a key that changes with its data.
export function usePageHead(head: PageHead): void;
export function usePageHead(build: (texts: HeadTexts) => PageHead, key: string): void;
export function usePageHead(head: PageHead | ((texts: HeadTexts) => PageHead), buildKey?: string) {
  const key = typeof head === 'function' ? `build:${buildKey}` : JSON.stringify(head);
  const build = useRef(head);
  build.current = head;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the head is read through the ref; key says when it changed.
  useEffect(() => {
    const { locale, path } = splitLocale(window.location.pathname);
    let live = true;
    void loadHeadTexts(locale).then((texts) => {
      if (!live) return;
      const current = build.current;
      const data = typeof current === 'function' ? current(texts) : current;
      applyHead(buildHead(data, window.location.origin, path, locale, texts));
    });
    return () => {
      live = false;
    };
  }, [key]);
}
