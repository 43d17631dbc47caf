import { useEffect, useRef } from 'react';
import { splitLocale } from '#shared/i18n.ts';
import type { HeadTexts, PageHead } from '#shared/seo/head.ts';

// The page head. Pages pass data; ./head-apply.ts sets the tags, from the same rules the server
// answers crawlers with (#shared/seo), in the page's language (ADR 031).
export type { JsonLd, PageHead } from '#shared/seo/head.ts';

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
    void import('./head-apply.ts').then((m) =>
      m.applyPageHead(
        () => build.current,
        locale,
        path,
        () => live,
      ),
    );
    return () => {
      live = false;
    };
  }, [key]);
}
