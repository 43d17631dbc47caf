import { useEffect } from 'react';
import {
  buildHead,
  DEFAULT_DESCRIPTION,
  DEFAULT_IMAGE,
  fullTitle,
  type HeadTag,
  type PageHead,
  seoDescription,
} from '#shared/seo.ts';

// The page head. Pages pass data; this sets the tags. The tag list
// comes from #shared/seo.ts, the same code the server uses to answer crawlers with a ready head.
export type { JsonLd, PageHead } from '#shared/seo.ts';
export { DEFAULT_DESCRIPTION, DEFAULT_IMAGE, fullTitle, seoDescription };

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

export function usePageHead(head: PageHead) {
  // A stable key so the effect only runs when the data changes.
  const key = JSON.stringify(head);
  useEffect(() => {
    const data = JSON.parse(key) as PageHead;
    applyHead(buildHead(data, window.location.origin, window.location.pathname));
  }, [key]);
}
