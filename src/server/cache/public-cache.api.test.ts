import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { buildApp } from '../app.ts';
import type { PageRenderer } from '../features/seo/index.ts';
import { insertListing, registerUser } from '../testing/factories.ts';
import { buildTestApp, indexHtmlFixture, testConfig } from '../testing/test-app.ts';

// The public read cache (ADR 025) against the same app with PUBLIC_CACHE=off on the same database.
const { indexHtml } = indexHtmlFixture();
const renderer: PageRenderer = (href, opts) => render(href, opts);
const env = { PUBLIC_CACHE: 'on', PUBLIC_URL: 'https://yardshare.example' };
const { app, db } = await buildTestApp(env, { indexHtml, renderer });
const plainConfig = testConfig({ ...env, PUBLIC_CACHE: 'off' });
const plain = await buildApp({
  config: plainConfig,
  db,
  logger: false,
  serveClient: false,
  indexHtml,
  renderer,
});
await plain.ready();
afterAll(() => plain.close());
const cache = app.publicCache;

const host = await registerUser(app);
const guest = await registerUser(app, { name: 'Ottoline Reviewer' });
const seeded: { id: number }[] = [];
for (let i = 0; i < 8; i++) seeded.push(await insertListing(db, host.user.id, { title: `Seeded plot ${i}` }));

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const uncached = (url: string, headers: Headers = {}) => plain.inject({ method: 'GET', url, headers });
const as = (who: { cookie: string }, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
// Read twice: the second answer comes from the cache.
async function primed(url: string) {
  await get(url);
  const hits = cache.stats.hits;
  const res = await get(url);
  expect(cache.stats.hits, url).toBe(hits + 1);
  return res;
}
const PER_RESPONSE = new Set([
  'date',
  'etag',
  'vary',
  'content-length',
  'connection',
  'transfer-encoding',
  'x-request-id',
]);

describe('public read cache', () => {
  it('answers a repeated anonymous read from the cache, byte for byte and header for header as uncached', async () => {
    for (const url of [
      '/api/listings?limit=3&junk=1',
      `/api/listings/${seeded[0].id}`,
      `/listings/${seeded[1].id}`,
      '/',
    ]) {
      const stores = cache.stats.stores;
      const miss = await get(url);
      expect(cache.stats.stores, url).toBeGreaterThan(stores);
      const hit = await primed(url);
      const base = await uncached(url);
      expect(hit.statusCode).toBe(200);
      expect(hit.rawPayload.equals(miss.rawPayload), url).toBe(true);
      // A page's hydration state carries the time it was rendered (ADR 025).
      const untimed = (b: Buffer) =>
        b.toString().replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0');
      expect(untimed(hit.rawPayload), url).toBe(untimed(base.rawPayload));
      for (const [k, v] of Object.entries(base.headers))
        if (!PER_RESPONSE.has(k)) expect(hit.headers[k], `${url} ${k}`).toEqual(v);
      const { date: _a, 'x-request-id': idA, ...hitHeaders } = hit.headers;
      const { date: _b, 'x-request-id': idB, ...missHeaders } = miss.headers;
      expect(hitHeaders).toEqual(missHeaders);
      // Each answer has its own request id, a hit too (ADR 033).
      expect(idA).toBeTruthy();
      expect(idA).not.toBe(idB);
      const hits = cache.stats.hits;
      const tagged = await get(url, { 'x-request-id': 'edge-42' });
      expect(cache.stats.hits).toBe(hits + 1);
      expect(tagged.headers['x-request-id']).toBe('edge-42');
      expect(hit.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(hit.headers.vary).toBe('accept-encoding, cookie');
    }
    const list = await get('/api/listings?limit=3');
    expect(list.headers['x-next-cursor']).toBeTruthy();
    expect(list.headers['access-control-expose-headers']).toBe(
      'X-Next-Cursor, X-Total-Count, X-Place, X-Near-Place',
    );
    expect(list.headers['content-security-policy']).toContain("default-src 'self'");
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('keys /api/listings by its normalized query: order, defaults and junk share one entry', async () => {
    await primed('/api/listings?type=rental&city=Austin');
    const hits = cache.stats.hits;
    for (const url of [
      '/api/listings?city=Austin&type=rental',
      '/api/listings?city=Austin&type=rental&limit=24&utm_source=x',
      '/api/listings?type=rental&city=Austin&q=',
    ])
      expect((await get(url)).json()).toHaveLength(8);
    expect(cache.stats.hits).toBe(hits + 3);
  });

  it('sends ready brotli and gzip bytes that decode to the uncached body', async () => {
    const url = '/api/listings?type=rental';
    const body = (await uncached(url)).rawPayload;
    expect(body.length).toBeGreaterThan(1024);
    for (const round of ['miss', 'hit']) {
      if (round === 'miss') await cache.changed();
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], round).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(body), round).toBe(true);
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], round).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).equals(body), round).toBe(true);
      expect(new Set([br.headers.etag, gz.headers.etag]).size).toBe(2);
    }
  });

  it('answers If-None-Match with 304 until the content changes', async () => {
    const url = `/api/listings/${seeded[2].id}`;
    const { etag } = (await primed(url)).headers;
    const same = await get(url, { 'if-none-match': String(etag) });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['content-security-policy']).toBeTruthy();
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await as(host, 'PATCH', url, { title: 'Renamed for the tag' })).statusCode).toBe(200);
    const changed = await get(url, { 'if-none-match': String(etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().title).toBe('Renamed for the tag');
  });

  it('never answers or stores a signed-in request from the cache', async () => {
    const hidden = await insertListing(db, host.user.id, { title: 'Hidden plot', active: false });
    await cache.changed();
    expect((await get(`/api/listings/${hidden.id}`)).statusCode).toBe(404);
    const url = `/api/listings/${seeded[3].id}`;
    await primed(url);
    const { hits, stores } = cache.stats;
    const mine = await get(url, { cookie: host.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBeUndefined();
    // The owner's own hidden listing: an answer only a session gets.
    expect((await get(`/api/listings/${hidden.id}`, { cookie: host.cookie })).statusCode).toBe(200);
    expect(cache.stats).toMatchObject({ hits, stores });
  });

  it('never caches a time-dependent query (available=)', async () => {
    const { stores } = cache.stats;
    for (let i = 0; i < 2; i++)
      expect((await get('/api/listings?available=2031-05-01')).statusCode).toBe(200);
    expect(cache.stats.stores).toBe(stores);
  });

  describe('every kind of write is visible in the very next read', () => {
    it('create', async () => {
      await primed('/api/listings');
      const res = await as(host, 'POST', '/api/listings', {
        type: 'rental',
        price: 30,
        title: 'Brand new plot',
        description: 'Fresh compost.',
        location: '1 Main St',
        city: 'Austin',
        state: 'TX',
      });
      expect(res.statusCode).toBe(201);
      expect((await get('/api/listings')).json()[0].title).toBe('Brand new plot');
    });

    it('edit, on the API and on the pre-rendered page', async () => {
      const id = seeded[4].id;
      await primed(`/api/listings/${id}`);
      await primed(`/listings/${id}`);
      expect((await as(host, 'PATCH', `/api/listings/${id}`, { title: 'Edited title' })).statusCode).toBe(
        200,
      );
      expect((await get(`/api/listings/${id}`)).json().title).toBe('Edited title');
      expect((await get(`/listings/${id}`)).body).toContain('Edited title');
    });

    it('delete', async () => {
      const id = seeded[5].id;
      await primed(`/api/listings/${id}`);
      await primed(`/listings/${id}`);
      expect((await as(host, 'DELETE', `/api/listings/${id}`)).statusCode).toBe(200);
      expect((await get(`/api/listings/${id}`)).statusCode).toBe(404);
      expect((await get(`/listings/${id}`)).statusCode).toBe(404);
      expect((await get('/api/listings?limit=100')).json().map((l: { id: number }) => l.id)).not.toContain(
        id,
      );
    });

    it('review, then the reviewer renaming themselves', async () => {
      const id = seeded[6].id;
      await primed(`/api/listings/${id}`);
      expect((await primed(`/listings/${id}`)).body).not.toContain('Good soil');
      const review = await as(guest, 'POST', '/api/reviews', {
        listingId: id,
        rating: 4,
        comment: 'Good soil',
      });
      expect(review.statusCode).toBe(201);
      // The rating as the database has it now, and the review on the page.
      const detail = await get(`/api/listings/${id}`);
      expect(detail.rawPayload.equals((await uncached(`/api/listings/${id}`)).rawPayload)).toBe(true);
      expect((await get(`/listings/${id}`)).body).toContain('Good soil');
      expect((await primed(`/listings/${id}`)).body).toContain('Ottoline Reviewer');
      expect((await as(guest, 'PATCH', '/api/user', { name: 'Renamed Reviewer' })).statusCode).toBe(200);
      const page = (await get(`/listings/${id}`)).body;
      expect(page).toContain('Renamed Reviewer');
      expect(page).not.toContain('Ottoline Reviewer');
    });

    it('booking', async () => {
      const garden = await insertListing(db, host.user.id, { type: 'community', price: null, plots: 1 });
      await cache.changed();
      await primed(`/api/listings/${garden.id}`);
      const drops = cache.stats.drops;
      const booked = await as(guest, 'POST', '/api/bookings', { listingId: garden.id, start: '2031-05-01' });
      expect(booked.statusCode).toBe(201);
      expect(cache.stats.drops).toBeGreaterThan(drops);
      expect(cache.size).toBe(0);
      // Capacity is read fresh: the only plot is taken that day.
      const free = (await get('/api/listings?available=2031-05-02&type=community')).json();
      expect(free.map((l: { id: number }) => l.id)).not.toContain(garden.id);
    });

    it('a write that cannot change a public read keeps the cache', async () => {
      await primed('/api/listings');
      const { drops } = cache.stats;
      await as(guest, 'POST', `/api/saved/${seeded[0].id}`);
      expect(cache.stats.drops).toBe(drops);
    });

    it('reads racing writes: each write is seen by every read that starts after it is answered', async () => {
      const id = seeded[7].id;
      for (let round = 0; round < 10; round++) {
        const readers = Array.from({ length: 10 }, () => get(`/api/listings/${id}`));
        const write = await as(host, 'PATCH', `/api/listings/${id}`, { title: `Round ${round}` });
        expect(write.statusCode).toBe(200);
        await Promise.all(readers);
        expect((await get(`/api/listings/${id}`)).json().title).toBe(`Round ${round}`);
      }
    });
  });

  it('serves hits on the node server before Fastify, GET and HEAD', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const request = (method: string, path: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .request({ host: '127.0.0.1', port, path, method }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject)
          .end();
      });
    const url = `/api/listings/${seeded[0].id}`;
    const miss = await request('GET', url);
    const hits = cache.stats.hits;
    const hit = await request('GET', url);
    expect(cache.stats.hits).toBe(hits + 1);
    expect(hit.body.equals(miss.body)).toBe(true);
    const { date: _a, 'x-request-id': id1, ...h1 } = hit.headers;
    const { date: _b, 'x-request-id': id2, ...h2 } = miss.headers;
    expect(h1).toEqual(h2);
    expect(id1).not.toBe(id2);
    const head = await request('HEAD', url);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(hit.body.length));
  });

  it('PUBLIC_CACHE=off: no cache at all', async () => {
    expect(plainConfig.publicCache).toBe(false);
    for (let i = 0; i < 2; i++) expect((await uncached('/api/listings')).headers.etag).toBeUndefined();
    expect(plain.publicCache.usable).toBe(false);
    expect(plain.publicCache.stats).toEqual({ hits: 0, misses: 0, stores: 0, drops: 0 });
  });
});
