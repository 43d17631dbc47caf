// npm run bench:listings: the public listing reads of the built app on PostgreSQL, beside a bare
// node:http server answering the very same bytes and headers (ADR 027).
//   npm run bench:listings                 seeds BENCH_LISTINGS listings, then for each path measures
//                                          the app with its read cache (default), the app with
//                                          PUBLIC_CACHE=off, and the bare server: req/s, p50, p99, ratio
//   npm run bench:listings -- --scale      seeds 10k, measures every path cached and uncached, grows
//                                          the same database to BENCH_SCALE_LISTINGS, measures again,
//                                          and prints the latency ratios (target <= 1.5)
//   npm run bench:listings -- --pglite     the same on PGlite in a temporary DATA_DIR (no bare-server
//                                          comparison beyond the same table; PostgreSQL is the target)
// Settings (environment):
//   BENCH_DATABASE_URL or TEST_DATABASE_URL  an admin URL; database BENCH_DB (default yardshare_bench)
//                                          is created and dropped
//   BENCH_LISTINGS (100000), BENCH_SCALE_LISTINGS (1000000), BENCH_SCALE_FROM (10000)
//   BENCH_SECONDS (10) per measurement, BENCH_CONNECTIONS (50), BENCH_PORT (3405; uses 3 ports from it)
//   BENCH_POOL_SIZE: the app's DATABASE_POOL_SIZE (default: the app's own)
//   BENCH_KEEP=1 keeps the database afterwards; YS_DIST: the build folder (default dist)
//   SERVER_NODE: the Node binary that runs the app (default this one: the project's Node 24)
//   COMPARE_NODE: another Node binary (e.g. /usr/bin/node, the machine's own): the same measurements
//                 run with the app on each Node in turn, on the same database, one table each
import { type ChildProcess, execSync, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { DIST, startBuilt, stopBuilt, waitReady } from '../lib/built-server.ts';
import { type Figures, printScale, printVersusBare, type Row } from './report.ts';
import { growListings } from './seed.ts';

const args = process.argv.slice(2);
const SCALE = args.includes('--scale');
const PGLITE = args.includes('--pglite');
const env = process.env;
const LISTINGS = Number(env.BENCH_LISTINGS ?? 100_000);
const SCALE_FROM = Number(env.BENCH_SCALE_FROM ?? 10_000);
const SCALE_TO = Number(env.BENCH_SCALE_LISTINGS ?? 1_000_000);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(env.BENCH_PORT ?? 3405);
const DB_NAME = env.BENCH_DB ?? 'yardshare_bench';
const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;

const PATHS: [name: string, url: string][] = [
  ['first page', '/api/listings'],
  ['type', '/api/listings?type=rental'],
  ['city + state', '/api/listings?city=Portland&state=OR'],
  ['q', '/api/listings?q=tomatoes'],
  ['detail', '/api/listings/:id'],
  ['near', '/api/listings?near=Denver,%20CO&radiusKm=50'],
];

const log = (line: string) => console.log(line);

function measure(url: string, duration = SECONDS, cookie?: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const headers = cookie ? { cookie } : undefined;
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx || r.errors) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    });
  });
}

// One answer as autocannon gets it: no accept-encoding, so the raw bytes.
type Answer = { status: number; headers: Record<string, string>; body: string };
function fetchRaw(url: string, cookie?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: cookie ? { cookie } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))
              headers[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

function startApp(port: number, appEnv: Record<string, string>): ChildProcess {
  const pool: Record<string, string> = env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: env.BENCH_POOL_SIZE } : {};
  return startBuilt(port, appEnv.DATA_DIR, { ...appEnv, ...pool });
}

// The two apps (cached and uncached) on one database; `run` gets their origins.
async function withApps<T>(
  dbEnv: Record<string, string>,
  run: (cached: string, uncached: string) => Promise<T>,
) {
  // PGlite data is opened by one process at a time: the second app gets a copy.
  const second = PGLITE ? `${dbEnv.DATA_DIR}-uncached` : dbEnv.DATA_DIR;
  if (PGLITE) fs.cpSync(dbEnv.DATA_DIR, second, { recursive: true });
  const apps = [
    startApp(PORT, dbEnv),
    startApp(PORT + 1, { ...dbEnv, DATA_DIR: second, PUBLIC_CACHE: 'off' }),
  ];
  try {
    const [cached, uncached] = [PORT, PORT + 1].map((p) => `http://127.0.0.1:${p}`);
    await waitReady(cached);
    await waitReady(uncached);
    return await run(cached, uncached);
  } finally {
    for (const a of apps) await stopBuilt(a);
    if (PGLITE) fs.rmSync(second, { recursive: true, force: true });
  }
}

// The paths with a real listing id for the detail.
async function resolvePaths(origin: string): Promise<[string, string][]> {
  const first = JSON.parse(
    Buffer.from((await fetchRaw(`${origin}/api/listings?limit=1`)).body, 'base64').toString(),
  );
  return PATHS.map(([name, url]) => [name, url.replace(':id', String(first[0].id))]);
}

// A member (no blocks) signed in on the cached app: the cookie its reads carry.
async function signIn(origin: string): Promise<string> {
  const tag = `${Date.now().toString(36)}${process.pid}`;
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench_${tag}`,
      email: `bench_${tag}@example.com`,
      name: 'Bench Member',
      password: 'bench-secret-pass',
    }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ys_session='));
  if (res.status !== 201 || !cookie) throw new Error(`bench sign-in failed: ${res.status}`);
  return cookie.split(';')[0];
}

async function measureApps(
  cached: string,
  uncached: string,
  paths: [string, string][],
  bare: boolean,
  member?: string,
) {
  const answers: Record<string, Answer> = {};
  const rows: Row[] = [];
  for (const [name, url] of paths) {
    const a = await fetchRaw(`${cached}${url}`);
    const b = await fetchRaw(`${uncached}${url}`);
    if (a.status !== 200 || a.body !== b.body)
      throw new Error(`${url}: the cached and uncached answers differ`);
    if (member && (await fetchRaw(`${cached}${url}`, member)).body !== a.body)
      throw new Error(`${url}: the signed-in answer differs`);
    answers[url] = a;
    await measure(`${cached}${url}`, Math.min(2, SECONDS)); // warm-up
    const c = await measure(`${cached}${url}`);
    await measure(`${uncached}${url}`, Math.min(2, SECONDS));
    const u = await measure(`${uncached}${url}`);
    let s: Figures | undefined;
    if (member) {
      await measure(`${cached}${url}`, Math.min(2, SECONDS), member);
      s = await measure(`${cached}${url}`, SECONDS, member);
    }
    rows.push({ name, url, cached: c, uncached: u, ...(s ? { signedIn: s } : {}) });
    log(
      `  ${name}: cached ${c.rps.toFixed(0)} req/s, uncached ${u.rps.toFixed(0)} req/s${s ? `, signed in ${s.rps.toFixed(0)} req/s` : ''}`,
    );
  }
  if (bare) {
    // A bare node:http server answering each path with the app's own bytes and headers.
    const file = path.join(os.tmpdir(), `yardshare-bench-answers-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify(answers));
    const server = fork('bench/listings/bare-server.ts', {
      env: { ...env, PORT: String(PORT + 2), BARE_ANSWERS: file },
    });
    try {
      await new Promise((r) => server.once('message', r));
      for (const row of rows) {
        await measure(`http://127.0.0.1:${PORT + 2}${row.url}`, Math.min(2, SECONDS));
        row.bare = await measure(`http://127.0.0.1:${PORT + 2}${row.url}`);
      }
    } finally {
      server.kill();
      fs.rmSync(file, { force: true });
    }
  }
  return rows;
}

async function seedTo(dbEnv: Record<string, string>, total: number) {
  const handle = await openDatabase({
    databaseUrl: dbEnv.DATABASE_URL || undefined,
    dataDir: dbEnv.DATA_DIR ?? '.',
  });
  try {
    await handle.migrate();
    await growListings(handle, total, log);
  } finally {
    await handle.close();
  }
}

async function main() {
  execSync('node scripts/build-server.mjs', { stdio: 'inherit', env: { ...env, YS_DIST: DIST } });
  let dbEnv: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (PGLITE) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-'));
    dbEnv = { DATA_DIR: dir, DATABASE_URL: '' };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    if (!adminUrl)
      throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL), or pass --pglite');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    const url = new URL(adminUrl);
    url.pathname = `/${DB_NAME}`;
    dbEnv = {
      DATABASE_URL: url.toString(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-')),
    };
    cleanup = async () => {
      if (!env.BENCH_KEEP) await admin.query(`drop database if exists ${DB_NAME} with (force)`);
      await admin.end();
      fs.rmSync(dbEnv.DATA_DIR, { recursive: true, force: true });
    };
  }
  const engine = PGLITE ? 'PGlite' : 'PostgreSQL';
  try {
    if (!SCALE) {
      await seedTo(dbEnv, LISTINGS);
      const nodes = [env.SERVER_NODE || process.execPath, ...(env.COMPARE_NODE ? [env.COMPARE_NODE] : [])];
      for (const bin of nodes) {
        env.SERVER_NODE = bin;
        const version = execSync(`${bin} --version`, { encoding: 'utf8' }).trim();
        const rows = await withApps(dbEnv, async (cached, uncached) =>
          measureApps(cached, uncached, await resolvePaths(cached), true, await signIn(cached)),
        );
        printVersusBare(
          rows,
          `${engine}, ${LISTINGS.toLocaleString('en-US')} listings, the app on Node ${version}`,
        );
      }
      return;
    }
    await seedTo(dbEnv, SCALE_FROM);
    let paths: [string, string][] = [];
    const small = await withApps(dbEnv, async (cached, uncached) => {
      paths = await resolvePaths(cached);
      return measureApps(cached, uncached, paths, false);
    });
    log(`growing to ${SCALE_TO.toLocaleString('en-US')} listings...`);
    await seedTo(dbEnv, SCALE_TO);
    // Fresh apps: rows added behind the app's back are not in any cache.
    const large = await withApps(dbEnv, (cached, uncached) => measureApps(cached, uncached, paths, false));
    printScale(small, large);
  } finally {
    await cleanup();
  }
}

await main();
