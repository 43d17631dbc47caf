import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../db/schema.ts';
import { insertListing as insertListingRow, registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// Tests build without the client: a template stands in for the built index.html.
const { dir, indexHtml } = indexHtmlFixture();
// A Vite manifest: the blog article's chunk imports a shared chunk; the entry's own imports are not preloaded.
fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(
  path.join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_vendor.js'] },
    _vendor: { file: 'assets/vendor-1.js' },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    _head: { file: 'assets/head-2.js', imports: ['_vendor.js'] },
    'features/content/blog-article-page.tsx': {
      file: 'assets/blog-article-page-3.js',
      isDynamicEntry: true,
      imports: ['_head', '_vendor.js'],
    },
  }),
);
const { app, db } = await buildTestApp({ PUBLIC_URL: 'https://yardshare.example' }, { indexHtml });

const { user, cookie } = await registerUser(app);
const ORIGIN = 'https://yardshare.example';

const insertListing = (over: Parameters<typeof insertListingRow>[2] = {}) =>
  insertListingRow(db, user.id, over);

const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const metaContent = (html: string, attr: 'name' | 'property', key: string) => {
  const m = new RegExp(`<meta data-head ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  );
  return m?.[1];
};
const titleOf = (html: string) => /<title data-head>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link data-head rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script data-head type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );

describe('server-rendered page heads', () => {
  it('a listing detail has its own title, description, canonical, image, price and structured data', async () => {
    const l = await insertListing();
    for (const url of [`/listings/${l.id}`, `/listing/${l.id}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.body;
      expect(titleOf(html)).toBe('Sunny raised beds behind a bungalow in Austin, TX | Yardshare');
      expect(metaContent(html, 'name', 'description')).toMatch(
        /^\$45 \/ month in Austin, TX\. Four cedar raised beds/,
      );
      expect(metaContent(html, 'name', 'description')?.length ?? 0).toBeLessThanOrEqual(150);
      expect(canonicalOf(html)).toBe(`${ORIGIN}/listings/${l.id}`);
      expect(metaContent(html, 'property', 'og:title')).toBe(
        'Sunny raised beds behind a bungalow in Austin, TX | Yardshare',
      );
      expect(metaContent(html, 'property', 'og:image')).toBe(`${ORIGIN}/uploads/beds.webp`);
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'name', 'robots')).toBe('index, follow');
      const [ld] = jsonLdOf(html);
      expect(ld).toMatchObject({
        '@type': 'Product',
        name: l.title,
        offers: { price: '45', priceCurrency: 'USD' },
      });
      // The template's own title and description are replaced, not duplicated; the script stays.
      expect(html.match(/<title/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    }
  });

  it('escapes a hostile title and description everywhere', async () => {
    const l = await insertListing({
      title: '</title><script>alert(1)</script>',
      description: '"><img src=x onerror=alert(2)> & more </script>',
    });
    const html = (await get(`/listings/${l.id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/<\/script>alert|<\/script> & more/);
    expect(titleOf(html)).toBe(
      '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; in Austin, TX | Yardshare',
    );
    expect(metaContent(html, 'property', 'og:title')).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(metaContent(html, 'name', 'description')).toContain('&quot;&gt;&lt;img src=x');
    // JSON-LD keeps the text but cannot close its script element.
    const [ld] = jsonLdOf(html);
    expect(ld.name).toBe('</title><script>alert(1)</script>');
    // Only our own script blocks: the module script and one JSON-LD block.
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('the HTML is compressed when the client accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/how-it-works',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain(
      '<title data-head>How it works | Yardshare</title>',
    );
    const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('Share land, grow food | Yardshare');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('an unknown or inactive listing gets a generic noindex head and 404', async () => {
    const hidden = await insertListing({ title: 'Hidden plot' });
    await db.db.update(listings).set({ active: false }).where(eq(listings.id, hidden.id));
    for (const url of [`/listings/${hidden.id}`, '/listings/999999', '/listing/99999999999']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(titleOf(res.body)).toBe('Listing not found | Yardshare');
      expect(res.body).not.toContain('Hidden plot');
      expect(metaContent(res.body, 'name', 'robots')).toBe('noindex, nofollow');
    }
  });

  it('the blog article has Article structured data', async () => {
    const html = (await get('/blog/rise-of-yardsharing')).body;
    expect(titleOf(html)).toBe('The Rise of Yardsharing | Yardshare');
    expect(canonicalOf(html)).toBe(`${ORIGIN}/blog/rise-of-yardsharing`);
    expect(metaContent(html, 'property', 'og:title')).toBe('The Rise of Yardsharing | Yardshare');
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'name', 'description')).toMatch(/yardsharing/i);
    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: 'The Rise of Yardsharing',
      datePublished: '2025-03-25',
    });
    // The route's code is preloaded with its own imports, not the entry's.
    expect(
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]),
    ).toEqual(['/assets/blog-article-page-3.js', '/assets/head-2.js']);
    expect((await get('/how-it-works')).body).not.toContain('modulepreload');
  });

  it('/how-it-works, the home page and static pages have their own head and the full tag set', async () => {
    const html = (await get('/how-it-works')).body;
    expect(titleOf(html)).toBe('How it works | Yardshare');
    expect(canonicalOf(html)).toBe(`${ORIGIN}/how-it-works`);
    expect(metaContent(html, 'property', 'og:title')).toBe('How it works | Yardshare');
    expect(metaContent(html, 'name', 'description')).toMatch(/^Rent a plot/);
    expect(metaContent(html, 'name', 'keywords')).toContain('how yardshare works');
    expect(metaContent(html, 'property', 'og:locale')).toBe('en_US');
    expect([...html.matchAll(/property="og:locale:alternate" content="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'es_ES',
      'fr_FR',
      'de_DE',
      'ja_JP',
    ]);
    expect([...html.matchAll(/rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'ja',
      'x-default',
    ]);
    expect(html).toContain(`hreflang="es" href="${ORIGIN}/es/how-it-works"`);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${ORIGIN}/social/og-default.svg`);

    const home = (await get('/')).body;
    expect(titleOf(home)).toBe('Share land, grow food | Yardshare');
    expect(jsonLdOf(home).map((x) => x['@type'])).toEqual(['Organization', 'WebSite']);
    expect(jsonLdOf(home)[1].potentialAction.target.urlTemplate).toBe(
      `${ORIGIN}/listings?location={search_term}`,
    );

    for (const [url, title] of [
      ['/our-mission', 'Our mission | Yardshare'],
      ['/terms', 'Terms of Service | Yardshare'],
      ['/blog/', 'Blog | Yardshare'],
    ]) {
      const page = (await get(url)).body;
      expect(titleOf(page)).toBe(title);
    }
  });

  it('/listings varies title, description and canonical with type and location', async () => {
    const html = (await get('/listings?type=community&location=Portland%2C%20OR')).body;
    expect(titleOf(html)).toBe('Free community gardens in Portland, OR | Yardshare');
    expect(metaContent(html, 'name', 'description')).toMatch(/Portland, OR/);
    expect(canonicalOf(html)).toBe(`${ORIGIN}/listings?type=community&amp;location=Portland%2C+OR`);
    const plain = (await get('/listings?type=bogus')).body;
    expect(titleOf(plain)).toBe('Browse growing spaces | Yardshare');
    expect(canonicalOf(plain)).toBe(`${ORIGIN}/listings`);
    const hostile = (await get('/listings?location=%3C%2Ftitle%3E%3Cscript%3Ex%3C%2Fscript%3E')).body;
    expect(hostile).not.toContain('<script>x');
    expect(titleOf(hostile)).toBe(
      'Browse growing spaces in &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; | Yardshare',
    );
  });

  it('private pages are noindex, nofollow; unknown paths answer 404 with the app', async () => {
    for (const url of [
      '/auth',
      '/profile',
      '/messages',
      '/messages/7',
      '/create-listing',
      '/listings/3/edit',
      '/payment/success',
      '/payment/cancel',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaContent(res.body, 'name', 'robots'), url).toBe('noindex, nofollow');
    }
    const missing = await get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    expect(metaContent(missing.body, 'name', 'robots')).toBe('noindex, nofollow');
    // API paths still answer JSON.
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /sitemap.xml', () => {
  it('is an index of the pages file and the listings files; each lists every language with its alternates', async () => {
    const active = await insertListing({ title: 'Sitemap plot' });
    const inactive = await insertListing({ title: 'Gone plot' });
    await db.db.update(listings).set({ active: false }).where(eq(listings.id, inactive.id));
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(files).toEqual([`${ORIGIN}/sitemaps/pages.xml`, `${ORIGIN}/sitemaps/listings-1.xml`]);

    const pages = await app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    const listed = await app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' });
    for (const res of [pages, listed]) {
      expect(res.statusCode).toBe(200);
      expect(
        res.body.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ),
      ).toBe(true);
      expect(res.body.trim().endsWith('</urlset>')).toBe(true);
      expect(res.body.match(/<url>/g)?.length).toBe(res.body.match(/<\/url>/g)?.length);
      expect(res.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    }
    const locs = [...pages.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of [
      '/',
      '/listings',
      '/how-it-works',
      '/our-mission',
      '/community-stories',
      '/contact',
      '/terms',
      '/privacy-policy',
      '/blog',
      '/blog/rise-of-yardsharing',
      '/resources',
    ]) {
      expect(locs).toContain(ORIGIN + p);
      for (const l of ['es', 'fr', 'de', 'ja']) expect(locs).toContain(`${ORIGIN}/${l}${p === '/' ? '' : p}`);
    }
    for (const p of ['/auth', '/profile', '/messages', '/create-listing', '/payment/success'])
      expect(locs).not.toContain(ORIGIN + p);
    // Each <url> names all five languages and x-default.
    const first = /<url>([\s\S]*?)<\/url>/.exec(listed.body)?.[1] ?? '';
    for (const l of ['en', 'es', 'fr', 'de', 'ja', 'x-default']) expect(first).toContain(`hreflang="${l}"`);
    const listingLocs = [...listed.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(listingLocs).toContain(`${ORIGIN}/listings/${active.id}`);
    expect(listingLocs).toContain(`${ORIGIN}/ja/listings/${active.id}`);
    expect(listingLocs).not.toContain(`${ORIGIN}/listings/${inactive.id}`);
    expect(listed.body).toContain(
      `<xhtml:link rel="alternate" hreflang="de" href="${ORIGIN}/de/listings/${active.id}"/>`,
    );
  });

  it('a listings file past the last, or an unknown file, is 404', async () => {
    for (const url of ['/sitemaps/listings-999.xml', '/sitemaps/listings-0.xml', '/sitemaps/nope.xml']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('robots.txt points to it', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /profile');
    expect(res.body).toContain('Disallow: /ja/profile');
    expect(res.body).toContain('Disallow: /de/messages');
  });
});

describe('signed-out hint', () => {
  it('marks pages sent without a session cookie, so the client skips a certain 401, and varies on the cookie', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/how-it-works' });
    expect(anonymous.body).toContain('<meta name="ys-auth" content="anonymous"></head>');
    expect(String(anonymous.headers.vary)).toMatch(/cookie/);
    const signedIn = await app.inject({ method: 'GET', url: '/how-it-works', headers: { cookie } });
    expect(signedIn.body).not.toContain('ys-auth');
  });
});
