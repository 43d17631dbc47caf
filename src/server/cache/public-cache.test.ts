import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client.ts';
import { affectsPublicReads } from './public-cache.plugin.ts';
import { PublicCache } from './public-cache.ts';
import { buildEntry, cacheKey, negotiate, normalizeListQuery } from './public-cache-entry.ts';

// A database handle whose LISTEN state the test drives.
function fakeHandle() {
  const state: ((up: boolean) => void)[] = [];
  const payloads: ((p: string) => void)[] = [];
  const handle = {
    kind: 'pglite',
    listen: async (_c: string, cb: (p: string) => void) => {
      payloads.push(cb);
      return async () => {};
    },
    notify: async (_c: string, p: string) => {
      for (const cb of payloads) cb(p);
    },
    onListenState: (cb: (up: boolean) => void) => state.push(cb),
    listenBarrier: async () => {},
  } as unknown as DbHandle;
  return {
    handle,
    setUp: (up: boolean) => {
      for (const cb of state) cb(up);
    },
  };
}
const log = { error: () => {}, warn: () => {} };
const req = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  ({ url, method, headers }) as unknown as IncomingMessage;
const entry = (key: string, size = 10, expiresAt = Date.now() + 60_000) =>
  buildEntry(key, Buffer.alloc(size, 'a'), { 'content-type': 'application/json' }, expiresAt);

async function attached(limits = {}, now?: () => number) {
  const cache = new PublicCache({ enabled: true, pages: true, limits, now });
  const fake = fakeHandle();
  await cache.attach(fake.handle, log);
  return { cache, ...fake };
}

describe('cache keys', () => {
  it('sorts the parameters, drops defaults, empty text and parameters the route ignores', () => {
    expect(normalizeListQuery('')).toBe('/api/listings');
    expect(normalizeListQuery('limit=24&radiusKm=50&q=&junk=1&utm_source=x')).toBe('/api/listings');
    expect(normalizeListQuery('type=rental&city=Portland&state=OR')).toBe(
      normalizeListQuery('state=OR&city=Portland&type=rental&limit=24'),
    );
    expect(normalizeListQuery('q=garden+bed')).toBe(normalizeListQuery('q=garden%20bed'));
    expect(normalizeListQuery('limit=10')).toBe('/api/listings?limit=10');
    // An invalid value is kept: its answer (a 400) is never stored, and never shares a key.
    expect(normalizeListQuery('limit=abc')).toBe('/api/listings?limit=abc');
  });

  it('never caches time-dependent, repeated or undecodable queries', () => {
    expect(normalizeListQuery('available=2030-01-01')).toBeNull();
    expect(normalizeListQuery('type=rental&type=exchange')).toBeNull();
    expect(normalizeListQuery('q=%E0%A4%A')).toBeNull();
  });

  it('keys other URLs by their exact text', () => {
    expect(cacheKey('/api/listings/7')).toBe('/api/listings/7');
    expect(cacheKey('/listings?type=rental&b=1')).toBe('/listings?type=rental&b=1');
    expect(cacheKey('/api/listings?type=rental&x=1')).toBe('/api/listings?type=rental');
    // The map's points: the same filters, their own key (ADR 038).
    expect(cacheKey('/api/listings/map?x=1&type=rental&limit=24')).toBe('/api/listings/map?type=rental');
    expect(cacheKey('/api/listings/map?available=2030-01-01')).toBeNull();
  });
});

describe('content coding', () => {
  it('follows the q-values, br on a tie, identity when nothing fits', () => {
    expect(negotiate(req('/', { 'accept-encoding': 'gzip, deflate, br' }))).toBe('br');
    expect(negotiate(req('/', { 'accept-encoding': 'gzip;q=1, br;q=0.5' }))).toBe('gzip');
    expect(negotiate(req('/', { 'accept-encoding': 'br;q=0, gzip' }))).toBe('gzip');
    expect(negotiate(req('/', { 'accept-encoding': 'deflate' }))).toBe('identity');
    expect(negotiate(req('/', {}))).toBe('identity');
    expect(negotiate(req('/', { 'accept-encoding': 'br', 'x-no-compression': '1' }))).toBe('identity');
  });

  it('keeps brotli and gzip bytes that decode to the body, each with its own strong tag', () => {
    const body = Buffer.from(JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, t: 'plot' }))));
    const e = buildEntry('/k', body, { 'content-type': 'application/json' }, Date.now() + 1000);
    expect(zlib.brotliDecompressSync(e.variants.br!.body).equals(body)).toBe(true);
    expect(zlib.gunzipSync(e.variants.gzip!.body).equals(body)).toBe(true);
    expect(new Set([e.variants.identity.etag, e.variants.br!.etag, e.variants.gzip!.etag]).size).toBe(3);
    // Small bodies go out as they are.
    expect(entry('/small').variants.br).toBeUndefined();
  });
});

describe('PublicCache', () => {
  it('stores only under the generation a read began in (fill race)', async () => {
    const { cache } = await attached();
    const before = cache.begin(req('/api/listings'))!;
    await cache.changed(); // a write commits while the read runs
    expect(cache.store(before, entry(before.key))).toBe(false);
    const after = cache.begin(req('/api/listings'))!;
    expect(cache.store(after, entry(after.key))).toBe(true);
    expect(cache.lookup('/api/listings')).not.toBeNull();
  });

  it('drops everything on a notification from any instance', async () => {
    const { cache, handle } = await attached();
    const fill = cache.begin(req('/api/listings/1'))!;
    cache.store(fill, entry(fill.key));
    await handle.notify('ys_public_cache', 'other-instance');
    expect(cache.size).toBe(0);
  });

  it('is bounded: least recently used entries go first, by count and by bytes', async () => {
    const { cache } = await attached({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const k of ['/a', '/b', '/c']) cache.store(cache.begin(req(k))!, entry(k));
    cache.lookup('/a'); // used: /b is now the oldest
    cache.store(cache.begin(req('/d'))!, entry('/d'));
    expect(cache.size).toBe(3);
    expect(cache.has('/b')).toBe(false);
    expect(cache.has('/a')).toBe(true);

    const small = await attached({ maxEntries: 1000, maxBytes: 20_000 });
    for (let i = 0; i < 100; i++) small.cache.store(small.cache.begin(req(`/p${i}`))!, entry(`/p${i}`, 500));
    expect(small.cache.totalBytes).toBeLessThanOrEqual(20_000);
    expect(small.cache.has('/p99')).toBe(true);
    expect(small.cache.has('/p0')).toBe(false);
  });

  it('never keeps an entry past its max age or into a new year', async () => {
    let now = new Date(2030, 11, 31, 23, 59, 30).getTime();
    const { cache } = await attached({ maxAgeMs: 60_000 }, () => now);
    expect(cache.expiry()).toBe(new Date(2031, 0, 1).getTime());
    cache.store(cache.begin(req('/'))!, entry('/', 10, cache.expiry()));
    now += 31_000;
    expect(cache.lookup('/')).toBeNull();
  });

  it('serves and stores nothing while the LISTEN connection is down, and starts empty when it is back', async () => {
    const { cache, setUp } = await attached();
    cache.store(cache.begin(req('/x'))!, entry('/x'));
    const during = cache.begin(req('/y'));
    setUp(false);
    expect(cache.usable).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.begin(req('/x'))).toBeNull();
    setUp(true);
    expect(cache.usable).toBe(true);
    expect(cache.store(during!, entry('/y'))).toBe(false); // began before the outage
  });

  it('takes signed-in requests, writes and PUBLIC_CACHE=off the normal way', async () => {
    const { cache } = await attached();
    expect(cache.begin(req('/api/listings', { cookie: 'a=1; ys_session=abc' }))).toBeNull();
    expect(cache.begin(req('/api/listings', {}, 'POST'))).toBeNull();
    expect(cache.begin(req('/api/listings', { cookie: 'theme=dark' }))).not.toBeNull();
    const off = new PublicCache({ enabled: false, pages: true });
    await off.attach(fakeHandle().handle, log);
    expect(off.usable).toBe(false);
    expect(off.begin(req('/api/listings'))).toBeNull();
  });
});

describe('writes that drop the cache', () => {
  it('every write except those that cannot change a public read', () => {
    for (const url of [
      '/api/listings',
      '/api/listings/:id',
      '/api/reviews',
      '/api/user',
      '/api/bookings/:id/:action',
    ])
      expect(affectsPublicReads(url)).toBe(true);
    for (const url of ['/api/login', '/api/messages', '/api/messages/:userId/read', '/api/saved/:listingId'])
      expect(affectsPublicReads(url)).toBe(false);
  });
});
