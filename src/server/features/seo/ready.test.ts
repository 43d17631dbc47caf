import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { LATE_PRELOADS_ID } from '#shared/constants.ts';
import { PAGE_ROUTES } from '#shared/page-routes.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';
import { ROUTE_MODULES } from './preloads.ts';

// Pages that answer as soon as they appear (ADR 057): the HTML names everything the page's first
// render needs beside the entry (its messages in the page's language, the API texts of that
// language, the screens table, the route's chunks), so the browser asks for all of it at once after
// the first paint (ADR 042) and hydrates without another round trip.
const { dir, indexHtml } = indexHtmlFixture();
fs.mkdirSync(path.join(dir, '.vite'));
const dynamic = (file: string, imports: string[] = []) => ({ file, isDynamicEntry: true, imports });
fs.writeFileSync(
  path.join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'boot.ts': { file: 'assets/boot-9.js', isEntry: true },
    'index.html': {
      file: 'assets/index-abc.js',
      isEntry: true,
      imports: ['_react.js', '_i18n.js'],
      dynamicImports: ['app/screens.ts', 'app/routes/home.tsx', '_texts.js'],
    },
    '_react.js': { file: 'assets/react-1.js' },
    '_i18n.js': { file: 'assets/i18n-1.js' },
    '_card.js': { file: 'assets/card-1.js', imports: ['_react.js'] },
    // #shared/texts: the loader of the API texts, a chunk of its own, and one table per language.
    '_texts.js': {
      file: 'assets/texts-1.js',
      imports: ['index.html'],
      dynamicImports: ['../shared/texts/de/api.ts', '../shared/texts/ja/api.ts'],
    },
    '../shared/texts/de/api.ts': dynamic('assets/api-de.js'),
    '../shared/texts/ja/api.ts': dynamic('assets/api-ja.js'),
    'app/screens.ts': dynamic('assets/screens-1.js', ['index.html']),
    'app/routes/home.tsx': dynamic('assets/home-1.js', ['_react.js']),
    'app/routes/listings-route.tsx': dynamic('assets/listings-route-1.js', ['_react.js', '_card.js']),
    'app/routes/listing-detail.tsx': dynamic('assets/listing-detail-1.js', ['_card.js', '_texts.js']),
    'features/auth/components/auth-page.tsx': dynamic('assets/auth-page-1.js', ['_react.js']),
    'features/content/how-it-works-page.tsx': dynamic('assets/how-it-works-1.js'),
    'features/payments/components/payment-success-page.tsx': dynamic('assets/payment-success-1.js'),
    ...Object.fromEntries(
      ['en', 'de', 'ja'].flatMap((lang) =>
        ['shell', 'app', 'content'].map((group) => [
          `locales/${lang}/${group}.po`,
          dynamic(`assets/${group}-${lang}.js`),
        ]),
      ),
    ),
  }),
);
const { app, db } = await buildTestApp(
  { PUBLIC_URL: 'https://yardshare.example' },
  { indexHtml, renderer: (href, opts) => render(href, opts) },
);
const { user } = await registerUser(app);
const listing = await insertListing(db, user.id);
const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

// The files a pre-rendered page's boot script asks for after its first paint, in order.
async function lateFiles(url: string): Promise<string[]> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.body, url).toContain('src="/assets/boot-9.js"');
  const m = new RegExp(`<script type="application/json" id="${LATE_PRELOADS_ID}">([^<]*)</script>`).exec(
    res.body,
  );
  expect(m, `${url} lists its code`).not.toBeNull();
  return (JSON.parse(m?.[1] ?? '[]') as string[]).map((f) => f.replace(/^\/assets\//, ''));
}

const ENTRY = ['index-abc.js', 'react-1.js', 'i18n-1.js'];

describe('a page names all the code its first render needs', () => {
  it('/listings: the entry first, then the English messages, the screens table and the route', async () => {
    expect(await lateFiles('/listings')).toEqual([
      ...ENTRY,
      'app-en.js',
      'shell-en.js',
      'screens-1.js',
      'listings-route-1.js',
      'card-1.js',
    ]);
  });

  it("a listing's page: its route's chunks; English has no API texts to load", async () => {
    const files = await lateFiles(`/listings/${listing.id}`);
    expect(files.slice(0, ENTRY.length)).toEqual(ENTRY);
    expect(files).toEqual(
      expect.arrayContaining(['shell-en.js', 'app-en.js', 'listing-detail-1.js', 'card-1.js']),
    );
    // The texts loader is a chunk the route imports, but English needs no table.
    expect(files).not.toContain('api-de.js');
    expect(new Set(files).size).toBe(files.length);
  });

  it('/auth: the sign-in screen with the messages it shows', async () => {
    const files = await lateFiles('/auth');
    expect(files).toEqual([...ENTRY, 'app-en.js', 'shell-en.js', 'screens-1.js', 'auth-page-1.js']);
  });

  it("/de/listings: the German messages and the German API texts, never another language's", async () => {
    const files = await lateFiles('/de/listings');
    expect(files.slice(0, ENTRY.length)).toEqual(ENTRY);
    for (const f of [
      'shell-de.js',
      'app-de.js',
      'texts-1.js',
      'api-de.js',
      'screens-1.js',
      'listings-route-1.js',
    ])
      expect(files, f).toContain(f);
    // Messages before code: nothing the page renders waits behind the route's chunks.
    expect(files.indexOf('api-de.js')).toBeLessThan(files.indexOf('screens-1.js'));
    expect(files.some((f) => /-(en|ja)\.js$/.test(f))).toBe(false);
  });

  it('/ja/how-it-works: the content messages in Japanese', async () => {
    const files = await lateFiles('/ja/how-it-works');
    for (const f of ['shell-ja.js', 'content-ja.js', 'api-ja.js', 'how-it-works-1.js'])
      expect(files, f).toContain(f);
  });

  it('/: the home page needs no screens table and no texts', async () => {
    expect(await lateFiles('/')).toEqual([...ENTRY, 'shell-en.js', 'home-1.js']);
  });

  it('a page the browser renders preloads its route in the HTML', async () => {
    const html = (await get('/payment/success')).body;
    expect(html).toContain('src="/assets/index-abc.js"');
    for (const f of ['shell-en.js', 'app-en.js', 'screens-1.js', 'payment-success-1.js'])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${f}" />`);
  });

  it('every page of the page list has its route chunks named', () => {
    for (const route of PAGE_ROUTES) {
      if (route.access === 'admin') continue; // the operator console is never in the HTML
      const sample = route.path.replace(/:id/g, '12');
      expect(
        ROUTE_MODULES.some(([re]) => re.test(sample)),
        route.path,
      ).toBe(true);
    }
  });
});

describe('the boot script', () => {
  const boot = fs.readFileSync('src/client/boot.ts', 'utf8');
  it('asks for every listed file at once, then imports the first (the entry)', () => {
    expect(boot).toContain(`getElementById('${LATE_PRELOADS_ID}')`);
    expect(boot).toMatch(/files\.map\(/);
    expect(boot).toContain('import(/* @vite-ignore */ files[0])');
  });

  it('starts once the largest paint is in: the high-priority photo, else the load event', () => {
    expect(boot).toContain("querySelector<HTMLImageElement>('img[fetchpriority=high]')");
    expect(boot).toContain("addEventListener('load'");
  });
});
