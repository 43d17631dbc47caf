// npm run bench:map: GET /api/listings/map (every listing a search finds, as points; ADR 038) on
// BENCH_LISTINGS (100k) listings of the built app, on PostgreSQL (or --pglite).
//   For each filter: the points and the bytes (raw, gzip, brotli as the browser gets them), the
//   uncached answer's time (PUBLIC_CACHE=off: the query, the JSON and the compression, median of
//   BENCH_MAP_RUNS), and the cached answer's req/s, p50 and p99 with autocannon.
// Settings: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL; database BENCH_DB, default
// yardshare_bench_map, created and dropped), BENCH_LISTINGS (100000), BENCH_SECONDS (5),
// BENCH_CONNECTIONS (10), BENCH_MAP_RUNS (5), BENCH_PORT (3405; uses 2 ports), BENCH_KEEP=1.
import { type ChildProcess, execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { startBuilt, stopBuilt, waitReady } from '../lib/built-server.ts';
import { growListings } from './seed.ts';

const env = process.env;
const PGLITE = process.argv.includes('--pglite');
const LISTINGS = Number(env.BENCH_LISTINGS ?? 100_000);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const RUNS = Number(env.BENCH_MAP_RUNS ?? 5);
const PORT = Number(env.BENCH_PORT ?? 3405);
const DB_NAME = env.BENCH_DB ?? 'yardshare_bench_map';
const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;

const PATHS: [name: string, url: string][] = [
  ['all', '/api/listings/map'],
  ['type', '/api/listings/map?type=exchange'],
  ['state', '/api/listings/map?state=OR'],
  ['near', '/api/listings/map?near=Denver,%20CO&radiusKm=100'],
  ['q', '/api/listings/map?q=tomatoes'],
  ['price', '/api/listings/map?type=rental&maxPrice=60'],
];

function get(url: string, encoding?: string): Promise<{ status: number; ms: number; body: Buffer }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

function cannon(url: string): Promise<{ rps: number; p50: number; p99: number }> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': 'br' } },
      (err, r) => {
        if (err) return reject(err);
        if (r.non2xx || r.errors) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
      },
    );
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-map-'));
  let dbEnv: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let admin: pg.Client | null = null;
  if (!PGLITE) {
    if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL, or pass --pglite');
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    const url = new URL(adminUrl);
    url.pathname = `/${DB_NAME}`;
    dbEnv = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  }
  const apps: ChildProcess[] = [];
  try {
    const handle = await openDatabase({ databaseUrl: dbEnv.DATABASE_URL || undefined, dataDir });
    await handle.migrate();
    await growListings(handle, LISTINGS, console.log);
    await handle.close();
    // PGlite data is opened by one process at a time: the uncached app gets a copy.
    const second = PGLITE ? `${dataDir}-uncached` : dataDir;
    if (PGLITE) fs.cpSync(dataDir, second, { recursive: true });
    apps.push(
      startBuilt(PORT, dataDir, dbEnv),
      startBuilt(PORT + 1, second, { ...dbEnv, DATA_DIR: second, PUBLIC_CACHE: 'off' }),
    );
    const [cached, uncached] = [PORT, PORT + 1].map((p) => `http://127.0.0.1:${p}`);
    await waitReady(cached);
    await waitReady(uncached);
    const engine = PGLITE ? 'PGlite' : 'PostgreSQL';
    console.log(
      `\nGET /api/listings/map, ${engine}, ${LISTINGS.toLocaleString('en-US')} listings. Uncached: median of ${RUNS}` +
        ` (br, as a browser asks). Cached: autocannon ${SECONDS} s x ${CONNECTIONS} connections, br.`,
    );
    console.log(
      `${'filter'.padEnd(7)} ${'points'.padStart(7)} ${'raw'.padStart(8)} ${'gzip'.padStart(7)} ${'br'.padStart(7)} | ${'uncached ms'.padStart(11)} | ${'cached req/s'.padStart(12)} ${'p50'.padStart(4)} ${'p99'.padStart(4)}`,
    );
    for (const [name, url] of PATHS) {
      const raw = await get(`${uncached}${url}`);
      if (raw.status !== 200) throw new Error(`${url}: ${raw.status} ${raw.body.toString().slice(0, 200)}`);
      const points = (JSON.parse(raw.body.toString()) as unknown[]).length;
      const gzip = zlib.gzipSync(raw.body, { level: 6 }).length;
      const br = (await get(`${cached}${url}`, 'br')).body.length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await get(`${uncached}${url}`, 'br')).ms);
      const c = await cannon(`${cached}${url}`);
      console.log(
        `${name.padEnd(7)} ${String(points).padStart(7)} ${kb(raw.body.length).padStart(8)} ${kb(gzip).padStart(7)} ${kb(br).padStart(7)} | ${median(times).toFixed(0).padStart(11)} | ${c.rps.toFixed(0).padStart(12)} ${String(c.p50).padStart(4)} ${String(c.p99).padStart(4)}`,
      );
    }
  } finally {
    for (const a of apps) await stopBuilt(a);
    if (admin) {
      if (!env.BENCH_KEEP) await admin.query(`drop database if exists ${DB_NAME} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-uncached`, { recursive: true, force: true });
  }
}

await main();
