// Delivery latency of a message, from the start of POST /api/messages to the SSE event in the
// recipient's open stream: p50 and p95 over 1,000 messages, beside the spec's 5 s polling.
//   npm run bench:messages                       PGlite only
//   DATABASE_URL=postgres://... npm run bench:messages   PGlite, PostgreSQL, and two instances on PostgreSQL
// Options: N=1000 (messages per scenario), CONCURRENCY=20 (messages in flight in the loaded run).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { THREAD_POLL_MS } from '#shared/constants.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type DbHandle, pgliteExtensions, pgliteHandle, postgresHandle } from '../../src/server/db/client.ts';
import { openSse } from '../../src/server/testing/sse-client.ts';

const N = Number(process.env.N ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;

const tmp: string[] = [];
function config() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ys-bench-'));
  tmp.push(dir);
  return loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_LOG2N: '10',
    REGISTER_MAX_PER_HOUR: '100000',
  });
}

async function start(handle: DbHandle): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({ config: config(), db: handle, logger: false, serveClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function register(base: string, tag: string) {
  const u = `bench_${tag}_${Date.now().toString(36)}`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: u, email: `${u}@example.com`, name: tag, password: 'bench-pass' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('ys_session=')) ?? '').split(';')[0];
  return { id: ((await res.json()) as { id: number }).id, cookie };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Posts through `postBase`, listens on `listenBase` (a second instance when they differ).
async function scenario(name: string, postBase: string, listenBase: string, concurrency: number) {
  const sender = await register(postBase, 'sender');
  const recipient = await register(postBase, 'recipient');
  const stream = await openSse(`${listenBase}/api/messages/stream`, recipient.cookie);
  if (stream.status !== 200) throw new Error(`stream: ${stream.status}`);
  await stream.waitFor((e) => e.some((x) => x.event === 'ready'));
  const started = new Map<string, number>();
  const arrived = new Map<string, number>();
  const answered = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  stream.onEvent((e) => {
    if (e.event !== 'message') return;
    const content = (JSON.parse(e.data) as { message: { content: string } }).message.content;
    if (arrived.has(content)) throw new Error(`duplicate delivery of ${content}`);
    arrived.set(content, e.at);
    waiting.get(content)?.();
  });
  const one = async (i: number) => {
    const content = `${name} #${i}`;
    const delivered = new Promise<void>((resolve) => waiting.set(content, resolve));
    started.set(content, performance.now());
    const res = await fetch(`${postBase}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sender.cookie },
      body: JSON.stringify({ toUserId: recipient.id, content }),
    });
    if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    answered.set(content, performance.now());
    await Promise.race([
      delivered,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`not delivered: ${content}`)), 10_000)),
    ]);
  };
  // Warm-up, not measured.
  for (let i = 0; i < 20; i++) await one(-i - 1);
  started.clear();
  arrived.clear();
  answered.clear();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < N) await one(next++);
    }),
  );
  const wall = performance.now() - t0;
  stream.close();
  const lat = [...started].map(([c, t]) => (arrived.get(c) ?? Number.NaN) - t).sort((a, b) => a - b);
  if (lat.some(Number.isNaN) || lat.length !== N) throw new Error('missing deliveries');
  const post = [...started].map(([c, t]) => (answered.get(c) ?? Number.NaN) - t).sort((a, b) => a - b);
  return {
    scenario: name,
    concurrency,
    n: N,
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    p99: pct(lat, 99),
    max: lat.at(-1)!,
    postP50: pct(post, 50),
    postP95: pct(post, 95),
    perSecond: (N / wall) * 1000,
  };
}

type Row = Awaited<ReturnType<typeof scenario>>;
const rows: Row[] = [];

// PGlite: one embedded database, one instance.
{
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const handle = pgliteHandle(client);
  await handle.migrate();
  const { app, base } = await start(handle);
  rows.push(await scenario('PGlite', base, base, 1));
  rows.push(await scenario('PGlite', base, base, CONCURRENCY));
  await app.close();
  await client.close();
}

// PostgreSQL: a throwaway database; one instance, then post on one instance and listen on another.
if (pgUrl) {
  const name = `ys_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const h1 = postgresHandle(url.toString());
  const h2 = postgresHandle(url.toString());
  try {
    await h1.migrate();
    const one = await start(h1);
    const two = await start(h2);
    rows.push(await scenario('PostgreSQL', one.base, one.base, 1));
    rows.push(await scenario('PostgreSQL', one.base, one.base, CONCURRENCY));
    rows.push(await scenario('PostgreSQL, 2 instances', one.base, two.base, 1));
    rows.push(await scenario('PostgreSQL, 2 instances', one.base, two.base, CONCURRENCY));
    await one.app.close();
    await two.app.close();
  } finally {
    await h1.close();
    await h2.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
console.log(`\nMessage delivery latency, POST start -> SSE event at the recipient (${N} messages per row)\n`);
console.log(
  `${'scenario'.padEnd(26)}${'in flight'.padStart(10)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}${'msg/s'.padStart(8)}${'POST p50'.padStart(11)}${'POST p95'.padStart(11)}`,
);
for (const r of rows) {
  console.log(
    `${r.scenario.padEnd(26)}${String(r.concurrency).padStart(10)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}${ms(r.max)}${r.perSecond.toFixed(0).padStart(8)}${ms(r.postP50).padStart(11)}${ms(r.postP95).padStart(11)}`,
  );
}
console.log(
  `${'spec polling (thread)'.padEnd(26)}${'-'.padStart(10)}${ms(THREAD_POLL_MS / 2)}${ms(THREAD_POLL_MS * 0.95)}${ms(THREAD_POLL_MS * 0.99)}${ms(THREAD_POLL_MS)}${'-'.padStart(8)}`,
);
console.log(
  `\nPolling every ${THREAD_POLL_MS / 1000} s shows a new message after a uniformly random 0-${THREAD_POLL_MS} ms (plus the request).`,
);
const best = rows.find((r) => r.concurrency === 1);
if (best)
  console.log(
    `Live delivery p95 on ${best.scenario}: ${best.p95.toFixed(1)} ms, ${((THREAD_POLL_MS * 0.95) / best.p95).toFixed(0)}x sooner than polling's p95.`,
  );
fs.mkdirSync('.tmp', { recursive: true });
fs.writeFileSync(
  '.tmp/bench-messages.json',
  JSON.stringify({ at: new Date().toISOString(), n: N, rows }, null, 2),
);
