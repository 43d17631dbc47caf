// Notification latency, from the start of the request that causes it to the `notification` event
// on the recipient's open stream (what moves the bell): p50 and p95, for a new message and for a
// booking request, one at a time.
//   npm run bench:notifications                               PGlite
//   DATABASE_URL=postgres://... npm run bench:notifications   PGlite, then PostgreSQL
// Option: N=300 (events per row).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type DbHandle, pgliteExtensions, pgliteHandle, postgresHandle } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { openSse, type SseClient } from '../../src/server/testing/sse-client.ts';

const N = Number(process.env.N ?? 300);
const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const tmp: string[] = [];

async function start(handle: DbHandle): Promise<{ app: FastifyInstance; base: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ys-bench-'));
  tmp.push(dir);
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_LOG2N: '10',
    REGISTER_MAX_PER_HOUR: '100000',
  });
  const app = await buildApp({ config, db: handle, logger: false, serveClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function call(base: string, method: string, url: string, cookie: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), cookie },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function register(app: FastifyInstance, base: string, tag: string) {
  const u = `bench_${tag}_${Date.now().toString(36)}`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: u, email: `${u}@example.com`, name: tag, password: 'bench-pass' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('ys_session=')) ?? '').split(';')[0];
  const id = ((await res.json()) as { id: number }).id;
  // Publishing needs a confirmed address; the bench confirms it directly.
  await app.dbHandle.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
  return { id, cookie };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Runs `cause` N times, one at a time; each must produce one `notification` event of `kind`.
async function measure(stream: SseClient, kind: string, cause: (i: number) => Promise<void>) {
  const lat: number[] = [];
  for (let i = -10; i < N; i++) {
    const seen = stream.events.length;
    const t0 = performance.now();
    const mine = (x: { event: string; data: string }) =>
      x.event === 'notification' && x.data.includes(`"kind":"${kind}"`);
    const arrived = stream.waitFor((e) => e.slice(seen).some(mine), 10_000);
    await cause(i);
    await arrived;
    const ev = stream.events.slice(seen).find(mine)!;
    if (i >= 0) lat.push(ev.at - t0);
  }
  return lat.sort((a, b) => a - b);
}

async function scenario(engine: string, app: FastifyInstance, base: string) {
  const a = await register(app, base, 'sender');
  const b = await register(app, base, 'recipient');
  const stream = await openSse(`${base}/api/messages/stream`, b.cookie);
  await stream.waitFor((e) => e.some((x) => x.event === 'ready'));
  const rows: { engine: string; event: string; lat: number[] }[] = [];
  // A message: each one is read right away, so the next one makes a new notification.
  rows.push({
    engine,
    event: 'new message',
    lat: await measure(stream, 'message', async (i) => {
      await call(base, 'POST', '/api/messages', a.cookie, { toUserId: b.id, content: `hello #${i}` });
      await call(base, 'POST', `/api/messages/${a.id}/read`, b.cookie);
    }),
  });
  // A booking request to B as host, withdrawn after each so the next can be made.
  const listing = await call(base, 'POST', '/api/listings', b.cookie, {
    title: 'Bench plot',
    description: 'Raised beds for the notification bench, full sun and water.',
    type: 'rental',
    price: 40,
    location: '1 Bench Rd',
    city: 'Austin',
    state: 'TX',
    amenities: [],
    images: [],
    bookingMode: 'request',
  });
  const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  rows.push({
    engine,
    event: 'booking request',
    lat: await measure(stream, 'booking_requested', async () => {
      const booking = await call(base, 'POST', '/api/bookings', a.cookie, {
        listingId: listing.id,
        start,
        months: 1,
      });
      await call(base, 'POST', `/api/bookings/${booking.id}/withdraw`, a.cookie);
    }),
  });
  stream.close();
  return rows;
}

const results: { engine: string; event: string; lat: number[] }[] = [];
{
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const handle = pgliteHandle(client);
  await handle.migrate();
  const { app, base } = await start(handle);
  results.push(...(await scenario('PGlite', app, base)));
  await app.close();
  await client.close();
}
if (pgUrl) {
  const name = `ys_bench_n_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString());
  try {
    await handle.migrate();
    const { app, base } = await start(handle);
    results.push(...(await scenario('PostgreSQL', app, base)));
    await app.close();
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
console.log(
  `\nNotification latency, request start -> 'notification' event on the recipient's stream (${N} per row)\n`,
);
console.log(
  `${'engine'.padEnd(12)}${'event'.padEnd(18)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}`,
);
for (const r of results)
  console.log(
    `${r.engine.padEnd(12)}${r.event.padEnd(18)}${ms(pct(r.lat, 50))}${ms(pct(r.lat, 95))}${ms(r.lat.at(-1)!)}`,
  );
