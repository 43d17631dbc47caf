import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { PRERENDER_STATE_ID } from '#shared/constants.ts';
import { listings } from '../../db/schema.ts';
import { insertListing as insertListingRow, registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';
import type { PageRenderer } from './seo.service.ts';

// Pages pre-rendered for signed-out visitors (docs/decisions/011), with the client's own renderer
// (src/client/entry-server.tsx, from source) and an index.html fixture as the template.
const { indexHtml } = indexHtmlFixture();

// The renderer can be made to fail, to check that a page still goes out.
let failRender = false;
const rendered: string[] = [];
const renderer: PageRenderer = (href, opts) => {
  if (failRender) throw new Error('renderer broke');
  rendered.push(new URL(href).pathname);
  return render(href, opts);
};
const { app, db } = await buildTestApp({ PUBLIC_URL: 'https://yardshare.example' }, { indexHtml, renderer });

const { user, cookie } = await registerUser(app);

const insertListing = (over: Parameters<typeof insertListingRow>[2] = {}) =>
  insertListingRow(db, user.id, { images: ['/uploads/beds.webp'], ...over });

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
// What the browser shows before any script runs: the markup inside #root.
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id=|<\/body>)/.exec(html)?.[1] ?? '';
const stateOf = (html: string) => {
  const m = new RegExp(`<script id="${PRERENDER_STATE_ID}" type="application/json">([^<]*)</script>`).exec(
    html,
  );
  return m ? (JSON.parse(m[1]) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }) : null;
};

describe('pre-rendered pages', () => {
  it('a listing page carries its content and the data to hydrate it with', async () => {
    const l = await insertListing();
    const res = await get(`/listings/${l.id}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain(
      '<h1 class="text-3xl font-bold leading-tight">Sunny raised beds behind a bungalow</h1>',
    );
    expect(root).toContain('Four cedar raised beds with drip irrigation');
    expect(root).toContain('src="/uploads/beds.webp"');
    // Signed out: the header offers sign-in (returning here), and no spinner where the listing goes.
    expect(root).toContain(`href="/auth?next=/listings/${l.id}"`);
    expect(root).not.toContain('role="status"');
    const state = stateOf(res.body);
    const keys = state?.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining([
        '["/api/user"]',
        `["/api/listings","${l.id}"]`,
        `["/api/listings","${l.id}","reviews"]`,
      ]),
    );
    const detail = state?.queries.find((q) => JSON.stringify(q.queryKey) === `["/api/listings","${l.id}"]`);
    expect(detail?.state.data).toMatchObject({ id: l.id, title: l.title, price: 45 });
  });

  it('the home page and the browse page show their listings; the filters come from the URL', async () => {
    await insertListing({ title: 'Quiet orchard corner', type: 'exchange', price: null, workHours: 4 });
    const home = rootOf((await get('/')).body);
    expect(home).toContain('Featured spaces');
    expect(home).toContain('Quiet orchard corner');
    const exchange = rootOf((await get('/listings?type=exchange')).body);
    expect(exchange).toContain('Quiet orchard corner');
    expect(exchange).not.toContain('Sunny raised beds behind a bungalow');
    const rental = rootOf((await get('/listings?type=rental&location=austin')).body);
    expect(rental).toContain('Sunny raised beds behind a bungalow');
    expect(rental).not.toContain('Quiet orchard corner');
  });

  it('content pages are pre-rendered with their text', async () => {
    for (const [url, text] of [
      ['/how-it-works', 'How it works'],
      ['/blog/rise-of-yardsharing', 'The Rise of Yardsharing'],
      ['/terms', 'November 24, 2026'],
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toContain(text);
      // Share links use the public origin, not the request's host.
      if (url.startsWith('/blog/')) expect(res.body).toContain('https%3A%2F%2Fyardshare.example%2Fblog');
    }
  });

  it('renders a content page once; pages with data at every request, so they are never stale', async () => {
    const l = await insertListing({ title: 'Before the edit' });
    rendered.length = 0;
    for (let i = 0; i < 3; i++) expect((await get('/our-mission')).statusCode).toBe(200);
    expect(rootOf((await get('/our-mission?utm_source=x')).body)).toContain('Our mission');
    expect(rendered.filter((p) => p === '/our-mission')).toHaveLength(1);

    expect(rootOf((await get(`/listings/${l.id}`)).body)).toContain('Before the edit');
    await db.db.update(listings).set({ title: 'After the edit' }).where(eq(listings.id, l.id));
    const after = rootOf((await get(`/listings/${l.id}`)).body);
    expect(after).toContain('After the edit');
    expect(after).not.toContain('Before the edit');
  });

  it('escapes hostile listing text in the markup and in the state script', async () => {
    const l = await insertListing({
      title: '</script><script>alert(1)</script>',
      description: '<img src=x onerror=alert(2)> & more',
    });
    const html = (await get(`/listings/${l.id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(rootOf(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // The state is still valid JSON with the original text.
    const detail = stateOf(html)?.queries.find(
      (q) => JSON.stringify(q.queryKey) === `["/api/listings","${l.id}"]`,
    );
    expect(detail?.state.data).toMatchObject({ title: '</script><script>alert(1)</script>' });
  });

  // A member's listing and conversation pages are pre-rendered as that member (ADR 058,
  // page-forms.test.ts); their other pages are not.
  it("members' other pages, form pages, the map view and unknown listings get the plain page", async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['/how-it-works', { cookie }, 200],
      ['/listings', { cookie }, 200],
      ['/contact', {}, 200],
      ['/profile', {}, 200],
      ['/listings?view=map', {}, 200],
      ['/listings/999999', {}, 404],
      ['/no-such-page', {}, 404],
    ];
    for (const [url, headers, status] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(status);
      expect(rootOf(res.body), url).toBe('');
      expect(stateOf(res.body), url).toBeNull();
    }
  });

  it('/auth is pre-rendered with its plain forms, one body per address (ADR 052)', async () => {
    const register = await get('/de/auth?next=/saved&tab=register');
    expect(register.statusCode).toBe(200);
    expect(rootOf(register.body)).toContain('method="post"');
    expect(rootOf(register.body)).toContain('action="/de/auth?next=%2Fsaved&amp;tab=register"');
    expect(rootOf(register.body)).toContain('name="confirmPassword"');
    const login = await get('/auth?next=/bookings');
    expect(rootOf(login.body)).toContain('action="/auth?next=%2Fbookings"');
    expect(rootOf(login.body)).toContain('value="login"');
  });

  it('a renderer failure still sends the page, without the pre-rendered body', async () => {
    const l = await insertListing();
    failRender = true;
    try {
      const res = await get(`/listings/${l.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<title data-head>Sunny raised beds behind a bungalow in Austin, TX | Yardshare',
      );
      expect(rootOf(res.body)).toBe('');
    } finally {
      failRender = false;
    }
  });
});
