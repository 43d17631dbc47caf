// Soak (ADR 030): the built server on a fresh demo database takes at least 20,000 mixed requests
// (2,000 of them misspelt keyword searches that go to the trigram vocabulary), in parallel, with
// writes between them, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. It fails when any
// request takes over 5 s, when any answer is a 5xx other than a deliberate 503, or when
// /api/health (probed every 250 ms on its own connection) does not answer 200 within 2.5 s.
// npm test runs it as the "soak" suite after the build; SOAK_REQUESTS and SOAK_PORT change it, and
// SERVER_NODE names another Node binary for the server (default the project's own, ADR 010).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../src/server/demo/seed-demo.ts';
import { waitFor } from '../../src/server/testing/wait.ts';

const root = path.resolve(import.meta.dirname, '../..');
const mainJs = path.resolve(root, process.env.SOAK_DIST ?? 'dist', 'server/main.js');
const TOTAL = Number(process.env.SOAK_REQUESTS ?? 20_000);
const TYPO_SHARE = 0.11; // at least 2,000 of 20,000
const CONCURRENCY = 10;
const LIMIT_MS = 5_000;
const HEALTH_LIMIT_MS = 2_500;
const RUN_LIMIT_MS = 6 * 60_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-soak-'));
const children: ChildProcess[] = [];

// A server still shutting down writes into its DATA_DIR, so the folder goes after every exit.
after(async () => {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  const exits = running.map((c) => new Promise((r) => c.once('exit', r)));
  for (const c of running) c.kill('SIGTERM');
  try {
    await waitFor(Promise.all(exits), { what: 'the soak servers to exit' });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

// A small deterministic generator, so a failing mix can be run again.
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTS = ['maya.green', 'luis.ortega', 'priya.nair', 'tom.becker', 'aiko.tanaka', 'grace.okafor'];
const GROWERS = [
  'nora.lindqvist',
  'kevin.osei',
  'emily.zhang',
  'diego.morales',
  'fatima.haddad',
  'ryan.oconnell',
];
const WORDS = [
  'tomato',
  'compost',
  'garden',
  'orchard',
  'greenhouse',
  'irrigation',
  'chickens',
  'raised',
  'sunny',
  'herbs',
  'beds',
  'shed',
  'water',
  'fence',
  'berries',
];
const PLACES = [
  'Oregon',
  'Salem OR',
  'salem, or',
  'Portland, OR',
  'TX',
  'Austin TX',
  'washington',
  'Seattle',
  'madison wi',
  'co',
];

// A word with one letter dropped, doubled or swapped, and a random tail now and then so the
// public cache cannot answer it.
function typo(rand: () => number): string {
  const w = WORDS[Math.floor(rand() * WORDS.length)];
  const i = 1 + Math.floor(rand() * (w.length - 2));
  const kind = Math.floor(rand() * 3);
  const t =
    kind === 0
      ? w.slice(0, i) + w.slice(i + 1)
      : kind === 1
        ? w.slice(0, i) + w[i] + w.slice(i)
        : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  return rand() < 0.5
    ? t
    : `${t} ${String.fromCharCode(97 + Math.floor(rand() * 26))}${Math.floor(rand() * 1000)}`;
}

type Stats = {
  count: number;
  typos: number;
  slow: string[];
  fivexx: string[];
  deliberate503: number;
  byStatus: Record<number, number>;
  maxMs: number;
  health: { ok: number; bad: string[] };
  // Time spent per kind of request (method, path with ids as :id, query keys), for the summary.
  byRoute: Map<string, { count: number; ms: number }>;
};

function routeOf(method: string, url: string): string {
  const [pathname, query] = url.split('?');
  const keys = query ? `?${[...new URLSearchParams(query).keys()].join('&')}` : '';
  return `${method} ${pathname.replace(/\/\d+/g, '/:id')}${keys}`;
}

async function startServer(name: string, env: NodeJS.ProcessEnv, port: number) {
  const log = path.join(work, `${name}.log`);
  const out = fs.openSync(log, 'a');
  const proc = spawn(process.env.SERVER_NODE || process.execPath, [mainJs], {
    cwd: work,
    env,
    stdio: ['ignore', out, out],
  });
  children.push(proc);
  const until = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`${name} exited with ${proc.exitCode}:\n${fs.readFileSync(log, 'utf8').slice(-3000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > until)
      throw new Error(`${name} did not start:\n${fs.readFileSync(log, 'utf8').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { proc, log };
}

function serverEnv(port: number, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Each simulated person comes from an address of their own, through one trusted proxy.
    TRUST_PROXY: '1',
    REGISTER_MAX_PER_HOUR: '100000',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

async function soak(base: string): Promise<Stats> {
  const stats: Stats = {
    count: 0,
    typos: 0,
    slow: [],
    fivexx: [],
    deliberate503: 0,
    byStatus: {},
    maxMs: 0,
    health: { ok: 0, bad: [] },
    byRoute: new Map(),
  };
  const rand = prng(20261124);
  const started = Date.now();
  let ipSeq = 0;

  async function request(
    method: string,
    url: string,
    opts: { body?: unknown; cookie?: string; ip?: string } = {},
  ) {
    const t0 = Date.now();
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        'x-forwarded-for': opts.ip ?? `10.77.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(60_000),
    }).catch((err: Error) => ({ status: 0, err }) as const);
    const ms = Date.now() - t0;
    const status = res.status;
    const text = 'text' in res ? await res.text() : String(res.err);
    stats.count += 1;
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    stats.maxMs = Math.max(stats.maxMs, ms);
    const route = routeOf(method, url);
    const spent = stats.byRoute.get(route) ?? { count: 0, ms: 0 };
    spent.count += 1;
    spent.ms += ms;
    stats.byRoute.set(route, spent);
    if (ms > LIMIT_MS) stats.slow.push(`${ms} ms ${method} ${url} -> ${status}`);
    if (status === 503 && /database/i.test(text)) stats.deliberate503 += 1;
    else if (status >= 500 || status === 0)
      stats.fivexx.push(`${status} ${method} ${url}: ${text.slice(0, 200)}`);
    return { status, text, headers: 'headers' in res ? res.headers : new Headers() };
  }

  // The health probe runs beside the traffic for the whole soak.
  let running = true;
  const health = (async () => {
    while (running) {
      const t0 = Date.now();
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
        const ms = Date.now() - t0;
        if (res.status === 200 && ms <= HEALTH_LIMIT_MS) stats.health.ok += 1;
        else stats.health.bad.push(`${res.status} after ${ms} ms`);
      } catch (err) {
        stats.health.bad.push(`${(err as Error).message} after ${Date.now() - t0} ms`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();

  // People: demo hosts and growers signed in, and a few new registrations along the way.
  const signIn = async (username: string) => {
    const res = await request('POST', '/api/login', { body: { username, password: DEMO_PASSWORD } });
    assert.equal(res.status, 200, `login ${username}: ${res.text}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    const me = JSON.parse(res.text) as { id: number };
    return { cookie, id: me.id, username };
  };
  type Person = { cookie: string; id: number; username: string };
  const hosts: Person[] = [];
  for (const h of HOSTS) hosts.push(await signIn(h));
  const growers: Person[] = [];
  for (const g of GROWERS) growers.push(await signIn(g));
  const page = JSON.parse((await request('GET', '/api/listings?limit=100')).text) as
    | { listings?: { id: number }[] }
    | { id: number }[];
  const listingIds = (Array.isArray(page) ? page : (page.listings ?? [])).map((l) => l.id);
  assert.ok(listingIds.length > 10, 'the demo listings are there');
  const mine = new Map<number, number[]>(); // host id -> listings made in the soak

  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  let issued = 0;
  let typosIssued = 0;
  async function one() {
    const i = issued++;
    const r = rand();
    // Every ninth request is a misspelt search, signed in (never cached) or not.
    if (i % 9 === 0 || (TOTAL - i <= 2_000 - typosIssued && typosIssued < 2_000) || r < TYPO_SHARE - 1 / 9) {
      typosIssued += 1;
      stats.typos += 1;
      const who = rand() < 0.5 ? pick(growers).cookie : undefined;
      await request('GET', `/api/listings?q=${encodeURIComponent(typo(rand))}`, { cookie: who });
      return;
    }
    // Most traffic is people browsing signed out (answered from the public cache between writes),
    // then signed-in reads (never cached), then writes, which also drop the cache.
    const grower = pick(growers);
    const host = pick(hosts);
    const r2 = rand();
    const signedIn = r2 >= 0.65;
    const kind =
      r2 < 0.65 ? Math.floor(rand() * 8) : r2 < 0.86 ? Math.floor(rand() * 8) : 8 + Math.floor(rand() * 8);
    const who = signedIn ? grower.cookie : undefined;
    switch (kind) {
      case 0:
      case 1:
        await request('GET', `/api/listings?location=${encodeURIComponent(pick(PLACES))}`, { cookie: who });
        return;
      case 2:
        await request(
          'GET',
          `/api/listings?near=${encodeURIComponent(pick(['Portland, OR', 'Austin, TX', 'Denver, CO']))}&radiusKm=${pick([25, 50, 200])}`,
          { cookie: who },
        );
        return;
      case 3:
        await request(
          'GET',
          `/api/listings?q=${encodeURIComponent(pick(WORDS))}&type=${pick(['rental', 'exchange', 'community'])}`,
          { cookie: who },
        );
        return;
      case 4:
        await request('GET', `/api/listings/${pick(listingIds)}`, { cookie: who });
        return;
      case 5:
        await request('GET', `/api/listings/${pick(listingIds)}/reviews`, { cookie: who });
        return;
      case 6:
        if (signedIn)
          await request(
            'GET',
            pick([
              '/api/user',
              '/api/saved',
              '/api/notifications',
              '/api/messages/conversations',
              '/api/bookings',
            ]),
            { cookie: who },
          );
        else await request('GET', `/api/users/${host.id}/profile`);
        return;
      case 7:
        await request('GET', pick(['/api/openapi.json', '/', '/listings', '/es', '/how-it-works']));
        return;
      case 8: {
        const body = {
          toUserId: host.id,
          content: `Soak message ${i}: is the ${pick(WORDS)} bed still free?`,
        };
        await request('POST', '/api/messages', { body, cookie: grower.cookie });
        return;
      }
      case 9:
        await request(rand() < 0.5 ? 'PUT' : 'DELETE', `/api/saved/${pick(listingIds)}`, {
          cookie: grower.cookie,
        });
        return;
      case 10: {
        const res = await request('POST', '/api/listings', {
          cookie: host.cookie,
          body: {
            type: 'rental',
            title: `Soak beds ${i} with ${pick(WORDS)}`,
            description: `Raised ${pick(WORDS)} beds, ${pick(WORDS)} and a ${pick(WORDS)} corner, word${i}x.`,
            price: 20 + (i % 80),
            location: `${i} Elm St`,
            city: pick(['Salem', 'Portland', 'Austin', 'Madison']),
            state: pick(['OR', 'Oregon', 'TX', 'WI']),
          },
        });
        if (res.status === 201)
          mine.set(host.id, [...(mine.get(host.id) ?? []), (JSON.parse(res.text) as { id: number }).id]);
        return;
      }
      case 11: {
        const id = mine.get(host.id)?.at(-1);
        if (id)
          await request('PATCH', `/api/listings/${id}`, {
            cookie: host.cookie,
            body: { price: 30 + (i % 50) },
          });
        else await request('GET', `/api/users/${host.id}/profile`);
        return;
      }
      case 12:
        await request('GET', `/api/users/${host.id}/profile`, {
          cookie: rand() < 0.5 ? grower.cookie : undefined,
        });
        return;
      case 13:
        if (rand() < 0.15) {
          const tag = `${Date.now().toString(36)}${i}`;
          await request('POST', '/api/register', {
            body: {
              username: `soak_${tag}`,
              email: `soak_${tag}@example.com`,
              name: 'Soak Grower',
              password: 'soak-password-1',
            },
          });
        } else await request('GET', `/api/listings/${pick(listingIds)}/availability`);
        return;
      case 14:
        await request('GET', `/api/messages/${host.id}`, { cookie: grower.cookie });
        return;
      default:
        await request(
          'GET',
          `/api/listings?location=${encodeURIComponent(pick(PLACES))}&q=${encodeURIComponent(typo(rand))}`,
          { cookie: grower.cookie },
        );
        stats.typos += 1;
        typosIssued += 1;
    }
  }

  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < TOTAL && Date.now() - started < RUN_LIMIT_MS) await one();
    }),
  );
  running = false;
  await health;
  return stats;
}

function check(name: string, s: Stats, ms: number) {
  console.log(
    `soak ${name}: ${s.count} requests (${s.typos} misspelt searches) in ${(ms / 1000).toFixed(1)} s, slowest ${s.maxMs} ms, ` +
      `statuses ${JSON.stringify(s.byStatus)}, deliberate 503s ${s.deliberate503}, health ${s.health.ok} ok / ${s.health.bad.length} bad`,
  );
  const top = [...s.byRoute].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6);
  console.log(
    `soak ${name}: most time in ${top.map(([r, t]) => `${r} ${t.count}x avg ${(t.ms / t.count).toFixed(0)} ms`).join('; ')}`,
  );
  assert.ok(
    s.count >= TOTAL,
    `only ${s.count} of ${TOTAL} requests ran within ${RUN_LIMIT_MS / 60000} minutes`,
  );
  assert.ok(s.typos >= Math.round(TOTAL / 10), `only ${s.typos} misspelt searches`);
  assert.deepEqual(s.slow.slice(0, 10), [], 'requests over 5 s');
  assert.deepEqual(s.fivexx.slice(0, 10), [], '5xx answers other than deliberate 503s');
  assert.deepEqual(s.health.bad.slice(0, 10), [], '/api/health did not answer 200 within 2.5 s');
  assert.ok(s.health.ok > 10, 'the health probe ran');
}

describe('soak', () => {
  it('PGlite: a fresh demo database takes mixed traffic with no stall', {
    timeout: 12 * 60_000,
  }, async () => {
    const port = Number(process.env.SOAK_PORT ?? 3280);
    const dataDir = path.join(work, 'data');
    const server = await startServer('pglite', serverEnv(port, { DATA_DIR: dataDir }), port);
    const t0 = Date.now();
    const stats = await soak(`http://127.0.0.1:${port}`);
    const log = fs.readFileSync(server.log, 'utf8');
    const stalls = log.split('\n').filter((l) => l.includes('statement timeout')).length;
    console.log(`soak pglite: database thread replaced ${stalls} time(s)`);
    check('PGlite', stats, Date.now() - t0);
    assert.equal(server.proc.exitCode, null, 'the server is still running');
  });

  it('PostgreSQL: the same traffic with no stall', {
    timeout: 12 * 60_000,
    skip: !process.env.TEST_DATABASE_URL,
  }, async () => {
    const admin = new URL(process.env.TEST_DATABASE_URL as string);
    const dbName = `ys_soak_${process.pid}`;
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists "${dbName}"`);
    await client.query(`create database "${dbName}"`);
    const url = new URL(admin.toString());
    url.pathname = `/${dbName}`;
    try {
      const dataDir = path.join(work, 'data-pg');
      fs.mkdirSync(dataDir, { recursive: true });
      // The demo marketplace, as npm run seed makes it.
      const seeded = spawnSync(process.execPath, [path.join(root, 'src/server/db/seed.ts')], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      assert.equal(seeded.status, 0, `seeding failed: ${seeded.stderr}${seeded.stdout}`);
      const port = Number(process.env.SOAK_PORT ?? 3280) + 1;
      const server = await startServer(
        'postgres',
        serverEnv(port, { DATA_DIR: dataDir, DATABASE_URL: url.toString() }),
        port,
      );
      const t0 = Date.now();
      const stats = await soak(`http://127.0.0.1:${port}`);
      check('PostgreSQL', stats, Date.now() - t0);
      assert.equal(server.proc.exitCode, null, 'the server is still running');
      // Stopped before its database is dropped: its exit is the event waited for.
      const exited = new Promise((r) => server.proc.once('exit', r));
      server.proc.kill('SIGTERM');
      await waitFor(exited, { what: 'the PostgreSQL soak server to exit' });
    } finally {
      await client.query(`drop database if exists "${dbName}" with (force)`).catch(() => {});
      await client.end();
    }
  });
});
