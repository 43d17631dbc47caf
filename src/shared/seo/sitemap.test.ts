import { describe, expect, it } from 'vitest';
import { type SitemapPage, sitemapUrlset, sitemapUrlsetBytes } from './sitemap.ts';

const pages = (n: number): SitemapPage[] =>
  Array.from({ length: n }, (_, i) => ({
    path: `/listings/${i + 1}`,
    lastmod: '2026-12-01',
    changefreq: 'weekly',
    priority: 0.8,
  }));

describe('a sitemap file as bytes', () => {
  it('is the text, byte for byte, whatever the number of pages (pieces of 500)', () => {
    const decoder = new TextDecoder();
    for (const n of [0, 1, 499, 500, 501, 1234]) {
      for (const origin of ['https://yardshare.example', 'https://x.example/a&b"c']) {
        const text = decoder.decode(sitemapUrlsetBytes(origin, pages(n)));
        // Compared as text: an element-by-element comparison of a megabyte takes seconds.
        expect(text === sitemapUrlset(origin, pages(n))).toBe(true);
        expect(text.match(/<url>/g)?.length ?? 0).toBe(n * 5);
      }
    }
  });
});
