import { Writable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { listings, messages, reviews, users } from './db/schema.ts';
import { insertListing, registerUser } from './testing/factories.ts';
import { body, fuzzPath, mutated, query } from './testing/hostile.ts';
import { buildTestApp, indexHtmlFixture } from './testing/test-app.ts';

// Hostile requests over every route: no 5xx, a JSON { message } on every 4xx, no secret in the
// log, and the data written before left as it was. FUZZ_SEED and FUZZ_RUNS change the sample.
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});
const { indexHtml } = indexHtmlFixture();
const { app, db } = await buildTestApp(
  { LOG_LEVEL: 'info', PUBLIC_URL: 'http://yardshare.test' },
  { indexHtml, renderer: render, logStream },
);

// Data written before the fuzzing, by people the fuzzer is not.
const host = await registerUser(app, { password: 'host-secret-pass' });
const guest = await registerUser(app, { password: 'guest-secret-pass' });
const listing = await insertListing(db, host.user.id);
await app.inject({
  method: 'POST',
  url: '/api/reviews',
  headers: { cookie: guest.cookie },
  payload: { listingId: listing.id, rating: 4, comment: 'Lovely beds' },
});
await app.inject({
  method: 'POST',
  url: '/api/messages',
  headers: { cookie: guest.cookie },
  payload: { toUserId: host.user.id, content: 'Is the plot free in May?' },
});
// The fuzzer's own account: its requests may change its own data, never the others'.
const fuzzer = await registerUser(app, { password: 'fuzzer-secret-pass' });

async function snapshot() {
  const ids = [host.user.id, guest.user.id];
  return JSON.stringify({
    users: await db.db.select().from(users).where(inArray(users.id, ids)).orderBy(users.id),
    listings: await db.db.select().from(listings).where(inArray(listings.userId, ids)).orderBy(listings.id),
    reviews: await db.db.select().from(reviews).where(inArray(reviews.userId, ids)).orderBy(reviews.id),
    messages: await db.db
      .select()
      .from(messages)
      .where(inArray(messages.fromUserId, ids))
      .orderBy(messages.id),
  });
}

const routes = app.routeList.filter(
  (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/uploads/'),
);
// Pages rendered by the not-found handler, which no route lists.
const pages = ['/', '/listings', '/listings/:id', '/listing/:id', '/blog/:slug', '/:page'].map((url) => ({
  method: 'GET',
  url,
}));

// Valid bodies, so that a hostile value in one field gets past the others to the service and the
// database.
const VALID: Record<string, Record<string, unknown>> = {
  'POST /api/register': {
    username: 'fuzzy',
    email: 'fuzzy@example.com',
    name: 'Fuzzy',
    password: 'long-enough-pass',
  },
  'POST /api/login': { username: 'fuzzy', password: 'long-enough-pass' },
  'PATCH /api/user': { name: 'Fuzzy Fuzz', bio: 'Grows beans' },
  'POST /api/listings': {
    type: 'rental',
    title: 'Plot',
    description: 'A plot',
    price: 40,
    location: '1 Main St',
    city: 'Austin',
    state: 'TX',
    size: '10 sq ft',
    amenities: ['Water'],
    images: [],
  },
  'PATCH /api/listings/:id': { title: 'Plot', city: 'Portland', state: 'OR', amenities: ['Shed'] },
  'POST /api/reviews': { listingId: listing.id, rating: 5, comment: 'Nice' },
  'POST /api/messages': { toUserId: host.user.id, content: 'Hello' },
  'POST /api/payments/create': { listingId: listing.id, amount: 4500, rentalStart: '2026-12-01' },
};

const bodyFor = (route: { method: string; url: string }) => {
  const valid = VALID[`${route.method} ${route.url}`];
  return valid ? fc.oneof(mutated(valid), mutated(valid), body) : body;
};

const request = fc
  .record({
    route: fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...routes) },
      { weight: 1, arbitrary: fc.constantFrom(...pages) },
    ),
    query,
    signedIn: fc.boolean(),
    seed: fc.nat(),
  })
  .chain((r) =>
    fc
      .record({
        path: fuzzPath(r.route.url, [String(listing.id), String(host.user.id)]),
        body: bodyFor(r.route),
      })
      .map((x) => ({ ...r, ...x })),
  );

describe('fuzzing every route with hostile input', () => {
  it(`answers ${RUNS} hostile requests without a 5xx, each 4xx as { message }, leaking nothing`, async () => {
    const before = await snapshot();
    const samples = fc.sample(request, { numRuns: RUNS, seed: SEED });
    const problems: string[] = [];
    const covered = new Set<string>();
    for (let i = 0; i < samples.length; i += 10) {
      await Promise.all(
        samples.slice(i, i + 10).map(async (r) => {
          // The event stream never ends by itself: only its refusal is fuzzed.
          const stream = r.route.url === '/api/messages/stream';
          const url = `${r.path}${r.query ? `?${r.query}` : ''}`;
          const hasBody = !['GET', 'DELETE'].includes(r.route.method) || r.seed % 4 === 0;
          const res = await app.inject({
            method: r.route.method as 'GET',
            url,
            headers: {
              ...(r.signedIn && !stream ? { cookie: fuzzer.cookie } : {}),
              ...(hasBody ? { 'content-type': r.body.type } : {}),
            },
            ...(hasBody ? { payload: r.body.payload } : {}),
          });
          covered.add(`${r.route.method} ${r.route.url}`);
          const where = `${r.route.method} ${url.slice(0, 200)} body=${hasBody ? r.body.payload.slice(0, 200) : '-'}`;
          if (res.statusCode >= 500) problems.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
          // Pages meant for a browser (the sandbox checkout) answer an HTML page that says why.
          else if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('text/html')) {
            if (r.route.url.startsWith('/api/'))
              problems.push(`${res.statusCode} HTML from the API: ${where}`);
          } else if (res.statusCode >= 400) {
            let message: unknown;
            try {
              message = res.json().message;
            } catch {
              message = undefined;
            }
            if (typeof message !== 'string' || !message)
              problems.push(`${res.statusCode} without a JSON message: ${where}: ${res.body.slice(0, 120)}`);
          }
        }),
      );
    }
    expect(problems.slice(0, 15)).toEqual([]);
    const every = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect([...every].filter((r) => !covered.has(r))).toEqual([]);
    // Nothing secret reached the log: no password, no hash, no session token.
    const log = logLines.join('');
    for (const secret of ['scrypt$', 'host-secret-pass', 'guest-secret-pass', 'fuzzer-secret-pass']) {
      expect(log).not.toContain(secret);
    }
    for (const c of [host.cookie, guest.cookie, fuzzer.cookie]) expect(log).not.toContain(c.split('=')[1]);
    expect(await snapshot()).toBe(before);
  }, 600_000);
});
