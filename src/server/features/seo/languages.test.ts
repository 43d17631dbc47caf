import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '#shared/texts/all.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// The page heads, redirects and preloads of the five languages (ADR 031).
const { dir, indexHtml } = indexHtmlFixture();
fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(
  path.join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc.js', isEntry: true },
    'locales/ja/shell.po': { file: 'assets/shell-ja.js', isDynamicEntry: true },
    'locales/ja/app.po': { file: 'assets/app-ja.js', isDynamicEntry: true },
    'locales/ja/content.po': { file: 'assets/content-ja.js', isDynamicEntry: true },
    'locales/en/shell.po': { file: 'assets/shell-en.js', isDynamicEntry: true },
    'app/routes/listing-detail.tsx': { file: 'assets/listing-detail-1.js', isDynamicEntry: true },
    'features/content/terms-page.tsx': { file: 'assets/terms-1.js', isDynamicEntry: true },
  }),
);
const ORIGIN = 'https://yardshare.example';
const { app, db } = await buildTestApp({ PUBLIC_URL: ORIGIN }, { indexHtml });
const { user } = await registerUser(app);

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const titleOf = (html: string) => /<title data-head>([^<]*)<\/title>/.exec(html)?.[1];
const linkHref = (html: string, rel: string, hreflang?: string) =>
  new RegExp(`<link data-head rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)"`).exec(
    html,
  )?.[1];
const meta = (html: string, key: string) =>
  new RegExp(`<meta data-head property="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('pages in another language', () => {
  it('/ja/listings/{id}: lang="ja", the Japanese title, canonical to itself, every language as an alternate', async () => {
    const l = await insertListing(db, user.id, { title: 'Sunny beds' });
    const res = await get(`/ja/listings/${l.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="ja">/);
    const ja = TEXTS.ja.heads.listing.title('Sunny beds', 'Austin, TX');
    expect(titleOf(res.body)).toBe(`${ja} | Yardshare`);
    expect(ja).not.toBe(TEXTS.en.heads.listing.title('Sunny beds', 'Austin, TX'));
    expect(linkHref(res.body, 'canonical')).toBe(`${ORIGIN}/ja/listings/${l.id}`);
    expect(linkHref(res.body, 'alternate', 'en')).toBe(`${ORIGIN}/listings/${l.id}`);
    for (const lang of ['es', 'fr', 'de', 'ja'])
      expect(linkHref(res.body, 'alternate', lang)).toBe(`${ORIGIN}/${lang}/listings/${l.id}`);
    expect(linkHref(res.body, 'alternate', 'x-default')).toBe(`${ORIGIN}/listings/${l.id}`);
    expect(meta(res.body, 'og:locale')).toBe('ja_JP');
    expect(res.body).toContain('<meta data-head property="og:locale:alternate" content="en_US"');
    // The page's messages and screen are preloaded with it.
    for (const f of ['shell-ja', 'app-ja', 'listing-detail-1'])
      expect(res.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${f}.js" />`);
    expect(res.body).not.toContain('shell-en');
  });

  it('English pages keep their head, with the translations as alternates', async () => {
    const res = await get('/how-it-works');
    expect(res.body).toMatch(/<html lang="en">/);
    expect(titleOf(res.body)).toBe('How it works | Yardshare');
    expect(linkHref(res.body, 'canonical')).toBe(`${ORIGIN}/how-it-works`);
    expect(linkHref(res.body, 'alternate', 'de')).toBe(`${ORIGIN}/de/how-it-works`);
    expect(linkHref(res.body, 'alternate', 'x-default')).toBe(`${ORIGIN}/how-it-works`);
    expect(meta(res.body, 'og:locale')).toBe('en_US');
  });

  it('each language home and content page has its own title and canonical', async () => {
    for (const lang of ['es', 'fr', 'de', 'ja'] as const) {
      const home = await get(`/${lang}`);
      expect(home.statusCode).toBe(200);
      expect(home.body).toMatch(new RegExp(`<html lang="${lang}">`));
      expect(titleOf(home.body)).toBe(`${TEXTS[lang].heads.pages['/'].title} | Yardshare`);
      expect(linkHref(home.body, 'canonical')).toBe(`${ORIGIN}/${lang}`);
      const terms = await get(`/${lang}/terms`);
      expect(titleOf(terms.body)).toBe(`${TEXTS[lang].heads.pages['/terms'].title} | Yardshare`);
      expect(linkHref(terms.body, 'canonical')).toBe(`${ORIGIN}/${lang}/terms`);
    }
  });

  it('an unknown page in a language is 404 in that language', async () => {
    const res = await get('/de/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/<html lang="de">/);
    expect(titleOf(res.body)).toBe(`${TEXTS.de.heads.notFound.title} | Yardshare`);
  });
});

describe('language redirects', () => {
  it('/en and /en/... answer 301 to the unprefixed English URL, never off the site', async () => {
    const cases: [string, string][] = [
      ['/en', '/'],
      ['/en/how-it-works', '/how-it-works'],
      ['/en/listings?type=rental', '/listings?type=rental'],
      ['/en//evil.example', '/evil.example'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('/ follows a remembered language (302) and only suggests from Accept-Language', async () => {
    const remembered = await get('/', { cookie: 'ys_lang=de' });
    expect(remembered.statusCode).toBe(302);
    expect(remembered.headers.location).toBe('/de');
    const others: Record<string, string>[] = [
      { cookie: 'ys_lang=en' },
      { cookie: 'ys_lang=xx' },
      { 'accept-language': 'ja' },
    ];
    for (const headers of others) {
      const res = await get('/', headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<html lang="en">/);
    }
    // Other pages never redirect.
    expect((await get('/how-it-works', { cookie: 'ys_lang=de' })).statusCode).toBe(200);
  });
});
