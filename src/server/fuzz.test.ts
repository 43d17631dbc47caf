import { Writable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { listings, messages, reviews, users } from './db/schema.ts';
import { insertListing, registerUser } from './testing/factories.ts';
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

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uFFFF',
    '0',
    '-1',
    '2147483647',
    '2147483648',
    '99999999999999999999',
    '1e309',
    'NaN',
    '0000-01-01',
    '+275760-09-13',
    '2026-02-30',
    'Sat, 01 Jan 2022 00:00:00 GMT+0500',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    'x'.repeat(6000),
    'eyJ0cyI6IjAwMDAtMDEtMDEgMDA6MDA6MDArMDAiLCJpZCI6MX0',
    'eyJkIjoxLCJpZCI6OTk5OTk5OTk5OTl9',
  ),
);

const FIELDS = [
  'username',
  'password',
  'email',
  'name',
  'bio',
  'title',
  'description',
  'type',
  'price',
  'workHours',
  'location',
  'city',
  'state',
  'size',
  'amenities',
  'images',
  'toUserId',
  'content',
  'rating',
  'comment',
  'listingId',
  'amount',
  'rentalStart',
  'q',
  'near',
  'radiusKm',
  'sort',
  'limit',
  'cursor',
  'ids',
  'all',
  'start',
  'months',
  'note',
  'hours',
  'date',
  'token',
  'email',
  'id',
];

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.constantFrom(2147483648, -2147483649, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER + 2),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 3 }),
  ),
})).value;

// Encodes a string's UTF-8 bytes for a URL; raw %-escapes (e.g. "%00", "%FF") pass as they are.
const urlPart = (s: string) =>
  /^(%[0-9A-Fa-f]{2})+$/.test(s)
    ? s
    : Array.from(Buffer.from(s, 'utf8'), (b) =>
        /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
          ? String.fromCharCode(b)
          : `%${b.toString(16).padStart(2, '0')}`,
      ).join('');

const fuzzPath = (pattern: string) =>
  fc
    .array(fc.oneof(hostileString, fc.constantFrom(String(listing.id), String(host.user.id), '%00', '%FF')), {
      minLength: 3,
      maxLength: 3,
    })
    .map((vals) => {
      let i = 0;
      return pattern.replace(/:[A-Za-z]+|\*/g, () => urlPart(vals[i++ % 3]));
    });

const query = fc
  .array(fc.tuple(fc.constantFrom(...FIELDS, 'available', 'location', 'type'), hostileString), {
    maxLength: 4,
  })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${urlPart(v)}`).join('&'));

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }).map((o) => ({
    type: 'application/json',
    payload: JSON.stringify(o),
  })),
  hostileValue.map((v) => ({ type: 'application/json', payload: JSON.stringify(v) ?? 'null' })),
  hostileString.map((s) => ({ type: 'application/json', payload: s })),
  hostileString.map((s) => ({ type: 'text/plain', payload: s })),
  fc.constantFrom(
    { type: 'multipart/form-data', payload: 'no boundary at all' },
    {
      type: 'multipart/form-data; boundary=xyz',
      payload: '--xyz\r\nContent-Disposition: form-data; name="images"',
    },
    {
      type: 'multipart/form-data; boundary=xyz',
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nnot an image\r\n--xyz--\r\n',
    },
  ),
);

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

// A valid body with one or two fields replaced by hostile values, or with NUL or a lone surrogate
// slipped into its text.
const mutated = (valid: Record<string, unknown>) =>
  fc
    .tuple(
      fc.subarray(Object.keys(valid), { minLength: 1, maxLength: 2 }),
      hostileValue,
      fc.constantFrom('\u0000', '\uD83D', '\uDE00x', ''),
    )
    .map(([keys, value, bad]) => {
      const out: Record<string, unknown> = { ...valid };
      for (const k of keys)
        out[k] =
          bad && typeof valid[k] === 'string'
            ? `${valid[k]}${bad}`
            : bad && Array.isArray(valid[k])
              ? [bad]
              : value;
      return { type: 'application/json', payload: JSON.stringify(out) };
    });

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
    fc.record({ path: fuzzPath(r.route.url), body: bodyFor(r.route) }).map((x) => ({ ...r, ...x })),
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
