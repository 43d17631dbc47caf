import { escapeHtml } from '../escape-html.ts';
import { LOCALES, localePath } from '../i18n.ts';

// A sitemap file's text (ADR 031). Pure: the server makes a block of listings' file on its CPU
// pool (ADR 055), the pages' file in place.

export type SitemapPage = { path: string; lastmod?: string; changefreq?: string; priority?: number };

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '\n</urlset>\n';
// Pages turned into text at a time by sitemapUrlsetBytes: with 5 languages, about 2 MB of text.
const PAGES_PER_PIECE = 500;

// Each page once per language, each naming all its languages (and x-default).
function urlEntries(origin: string, pages: SitemapPage[]): string[] {
  const entries: string[] = [];
  for (const page of pages) {
    const alternates = [
      ...LOCALES.map((l) => [l, origin + localePath(l, page.path)]),
      ['x-default', origin + page.path],
    ].map(
      ([lang, href]) =>
        `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(href as string)}"/>`,
    );
    for (const locale of LOCALES) {
      entries.push(
        [
          '  <url>',
          `    <loc>${escapeHtml(origin + localePath(locale, page.path))}</loc>`,
          page.lastmod ? `    <lastmod>${page.lastmod}</lastmod>` : '',
          page.changefreq ? `    <changefreq>${page.changefreq}</changefreq>` : '',
          page.priority != null ? `    <priority>${page.priority.toFixed(1)}</priority>` : '',
          ...alternates,
          '  </url>',
        ]
          .filter(Boolean)
          .join('\n'),
      );
    }
  }
  return entries;
}

// A <urlset> of the pages.
export function sitemapUrlset(origin: string, pages: SitemapPage[]): string {
  return `${URLSET_OPEN}${urlEntries(origin, pages).join('\n')}${URLSET_CLOSE}`;
}

// The same file as UTF-8 bytes, made a piece at a time so a heap never holds the whole text twice
// (a block of 5,000 listings is about 20 MB).
export function sitemapUrlsetBytes(origin: string, pages: SitemapPage[]): Uint8Array {
  const encoder = new TextEncoder();
  const pieces = [encoder.encode(URLSET_OPEN)];
  for (let at = 0; at < pages.length; at += PAGES_PER_PIECE) {
    const text = urlEntries(origin, pages.slice(at, at + PAGES_PER_PIECE)).join('\n');
    pieces.push(encoder.encode(at === 0 ? text : `\n${text}`));
  }
  pieces.push(encoder.encode(URLSET_CLOSE));
  const bytes = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.byteLength;
  }
  return bytes;
}
