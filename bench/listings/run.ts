// npm run bench:listings: seeds 100k listings, then measures GET /api/listings with autocannon
// (10 s, 50 connections) on PGlite and, when a PostgreSQL URL is given, on PostgreSQL, beside a
// bare node:http server answering a fixed array of 24 listings.
//   BENCH_LISTINGS (default 100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: an admin URL; a database yardshare_bench is created.
import { execSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const QUERIES = [
  ['city + state', '/api/listings?city=Portland&state=OR'],
  ['type', '/api/listings?type=exchange'],
  ['q (full text)', '/api/listings?q=tomatoes'],
  ['near (50 km)', '/api/listings?near=Denver,%20CO&radiusKm=50'],
];

if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html'))
  execSync('npm run build', { stdio: 'inherit' });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

type Figures = { rps: number; p99: number; p50: number; total: number };

function measure(url: string, duration = SECONDS): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx) return reject(new Error(`${url}: ${r.non2xx} non-2xx answers`));
      resolve({ rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, total: r.requests.total });
    });
  });
}

function seed(env: Record<string, string>) {
  execSync(`npx tsx src/server/db/seed.ts --listings ${LISTINGS}`, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
}

async function benchApp(label: string, env: Record<string, string>, port: number) {
  const started = Date.now();
  seed(env);
  console.log(`${label}: seeded ${LISTINGS} listings in ${Math.round((Date.now() - started) / 1000)} s`);
  const server = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: 'inherit',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    const rows = [];
    for (const [name, q] of QUERIES) {
      await measure(`http://127.0.0.1:${port}${q}`, 2).catch(() => {}); // warm-up
      rows.push({ target: `${label}: ${name}`, ...(await measure(`http://127.0.0.1:${port}${q}`)) });
    }
    const sample = await (await fetch(`http://127.0.0.1:${port}/api/listings?limit=24`)).text();
    return { rows, sample };
  } finally {
    server.kill('SIGTERM');
    await sleep(500);
  }
}

const results = [];
let sample = '[]';

const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-'));
try {
  const r = await benchApp('PGlite', { DATA_DIR: pgliteDir, DATABASE_URL: '' }, 3401);
  results.push(...r.rows);
  sample = r.sample;
} finally {
  fs.rmSync(pgliteDir, { recursive: true, force: true });
}

if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists yardshare_bench with (force)');
  await admin.query('create database yardshare_bench');
  const url = new URL(adminUrl);
  url.pathname = '/yardshare_bench';
  try {
    const r = await benchApp('PostgreSQL', { DATABASE_URL: url.toString() }, 3402);
    results.push(...r.rows);
  } finally {
    await admin.query('drop database if exists yardshare_bench with (force)');
    await admin.end();
  }
} else {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
}

const bare = fork('bench/listings/bare-server.ts', {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: '3403', BARE_BODY: sample },
});
await new Promise((r) => bare.once('message', r));
const bareResult = await measure('http://127.0.0.1:3403/');
bare.kill();

console.log(
  `\nGET /api/listings, ${LISTINGS} listings, autocannon ${SECONDS} s x ${CONNECTIONS} connections`,
);
console.log('target                              req/s     p50 ms   p99 ms   vs bare');
const line = (t: string, r: Figures) =>
  console.log(
    `${t.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)}   ${((r.rps / bareResult.rps) * 100).toFixed(1)}%`,
  );
for (const r of results) line(r.target, r);
line('bare node:http, fixed 24 listings', bareResult);
