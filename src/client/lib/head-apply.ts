// Writes a page's head tags (title, description, canonical, alternates...) into the document, in
// the page's language. Loaded by usePageHead after the first render: a pre-rendered page arrives
// with its head, so the first visit's code carries none of this (docs/decisions/028, ADR 031).
import type { Locale } from '#shared/i18n.ts';
import { buildHead, type HeadTag, type HeadTexts, type PageHead } from '#shared/seo/head.ts';

export { fullTitle, seoDescription } from '#shared/seo/head.ts';

// Each language's head texts in its own chunk: a page loads only its own.
const headTexts = import.meta.glob<Record<string, HeadTexts>>('../../shared/texts/*/heads.ts');

async function loadHeadTexts(locale: Locale): Promise<HeadTexts> {
  const load = headTexts[`../../shared/texts/${locale}/heads.ts`];
  if (!load) throw new Error(`No head texts for ${locale}`);
  return (await load())[locale];
}

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

// The head of the page at `path` (unprefixed) in `locale`; false when `isLive` says it was left.
export async function applyPageHead(
  head: () => PageHead | ((texts: HeadTexts) => PageHead),
  locale: Locale,
  path: string,
  isLive: () => boolean,
) {
  const texts = await loadHeadTexts(locale);
  if (!isLive()) return;
  const current = head();
  const data = typeof current === 'function' ? current(texts) : current;
  applyHead(buildHead(data, window.location.origin, path, locale, texts));
}
