// npm run bench:metrics: what metrics cost the public reads (ADR 033). Two built servers on copies
// of one PGlite database, one with METRICS=on (scraped every 15 s, as Prometheus would) and one with
// METRICS=off, loaded at the same time by two autocannon runs (so other work on the machine weighs on
// both alike), BENCH_ROUNDS times. Each run gives req/s and the server's CPU time per request
// (/proc); the cost is the median of the pairs' CPU ratios (the req/s ratios are printed too).
// BENCH_AA=1 runs both without metrics: the noise floor of the comparison.
// Paths: the first page and a detail of /api/listings through the router (PUBLIC_CACHE=off: every
// request passes the metrics hook), and the first page from the read cache, whose hits are answered
// before the router (a control: its cost should be noise). Budget: metrics cost under 5 %, judged
// on their own work per request (the hook, and each statement's timing, timed alone here, times the
// statements a request makes) against a routed request's CPU time: a shared machine's noise hides
// a few percent in the side-by-side figures (compare BENCH_AA=1).
// Settings (environment): BENCH_METRICS_LISTINGS (2000), BENCH_SECONDS (2) per run, BENCH_CONNECTIONS
// (20), BENCH_ROUNDS (10) pairs per path, BENCH_PORT (3406; uses 2 ports from it), YS_DIST (dist),
// SERVER_NODE, BENCH_STRICT=1: exit 1 when over budget.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../src/server/db/client.ts';
import { DbStats } from '../../src/server/db/stats.ts';
import { createMetrics } from '../../src/server/ops/metrics.ts';
import { DIST, startBuilt, stopBuilt, waitReady } from '../lib/built-server.ts';
import { growListings } from '../listings/seed.ts';

const env = process.env;
const LISTINGS = Number(env.BENCH_METRICS_LISTINGS ?? 2000);
const SECONDS = Number(env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 10);
const PORT = Number(env.BENCH_PORT ?? 3406);
const BUDGET = 0.05;

// The CPU time a server has used, in µs: all its threads, and its children (the embedded
// database's process, ADR 030).
const TICK_US = 1e6 / Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim() || 100);
function cpuUs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) * TICK_US;
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(' ')
    .filter(Boolean);
  return own + children.reduce((sum, child) => sum + cpuUs(Number(child)), 0);
}

type Run = { rps: number; cpu: number };

// req/s, and the server's CPU time per request in µs: the CPU figure hardly moves with the load
// other processes put on the machine, the req/s does.
function measure(url: string, pid: number, duration = SECONDS): Promise<Run> {
  const before = cpuUs(pid);
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx || r.errors) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
      resolve({ rps: r.requests.average, cpu: (cpuUs(pid) - before) / r.requests.total });
    });
  });
}

// The metrics' own work per request (the onResponse hook's), timed alone in this process: a figure
// that a loaded machine's noise cannot hide.
function ownWork(): { request: number; statement: number } {
  const db = new DbStats();
  const m = createMetrics({
    db,
    streamsOpen: () => 0,
    cache: { hits: 0, misses: 0 },
    cachesHeld: () => ({}),
    cacheHeld: () => ({ bytes: 0, entries: 0 }),
    draining: () => false,
  });
  const routes = ['/api/listings', '/api/listings/:id', '/api/messages/:userId', 'unmatched'];
  const n = 1_000_000;
  const time = (fn: (i: number) => void) => {
    for (let i = 0; i < 10_000; i++) fn(i);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn(i);
    return ((performance.now() - t0) * 1000) / n;
  };
  return {
    request: time((i) => m.observeRequest('GET', routes[i % 4], i % 10 ? 200 : 404, (i % 50) / 1000)),
    // What a statement gets: its start time, and its duration into the histogram.
    statement: time(() => db.query(performance.now())),
  };
}

// Statements per routed request on the metrics server, from its own series.
async function statementsPerRequest(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const sum = (name: string) =>
    text
      .split('\n')
      .filter((l) => l.startsWith(name))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return sum('yardshare_db_query_duration_seconds_count') / sum('http_requests_total');
}

// Statements per routed request, read from the metrics server after the router paths.
let statements = 0;

type Row = {
  path: string;
  router: boolean;
  on: number;
  off: number;
  cost: number;
  spread: [number, number];
  cpuOn: number;
  cpuOff: number;
  cpuCost: number;
};
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Both servers on copies of `dir`: each path's pairs, medians, cost and spread.
async function compare(dir: string, cache: 'on' | 'off', paths: string[]) {
  const copies = ['on', 'off'].map((m) => {
    const copy = `${dir}-${m}-${cache}`;
    fs.cpSync(dir, copy, { recursive: true });
    return copy;
  });
  const on = `http://127.0.0.1:${PORT}`;
  const off = `http://127.0.0.1:${PORT + 1}`;
  const apps = [
    // BENCH_AA=1: both without metrics, to see what the machine's noise alone makes of the comparison.
    startBuilt(PORT, copies[0], { METRICS: env.BENCH_AA === '1' ? 'off' : 'on', PUBLIC_CACHE: cache }),
    startBuilt(PORT + 1, copies[1], { METRICS: 'off', PUBLIC_CACHE: cache }),
  ];
  const pids = { on: apps[0].pid as number, off: apps[1].pid as number };
  const scraper = setInterval(() => {
    if (env.BENCH_AA === '1') return;
    fetch(`${on}/metrics`)
      .then((r) => r.text())
      .catch(() => {});
  }, 15_000);
  try {
    await waitReady(on);
    await waitReady(off);
    const scrape = await fetch(`${on}/metrics`);
    if (scrape.ok !== (env.BENCH_AA !== '1')) throw new Error(`/metrics answered ${scrape.status}`);
    await scrape.text();
    const out: Row[] = [];
    for (const p of paths) {
      await measure(`${on}${p}`, pids.on, 2); // warm-up
      await measure(`${off}${p}`, pids.off, 2);
      const ratios: number[] = [];
      const cpuRatios: number[] = [];
      const rps = { on: [] as number[], off: [] as number[] };
      const cpu = { on: [] as number[], off: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        // Both at once, so whatever else the machine runs weighs on both alike.
        const [a, b] = await Promise.all([measure(`${on}${p}`, pids.on), measure(`${off}${p}`, pids.off)]);
        const pair = { on: a, off: b };
        rps.on.push(pair.on.rps);
        rps.off.push(pair.off.rps);
        cpu.on.push(pair.on.cpu);
        cpu.off.push(pair.off.cpu);
        ratios.push(pair.on.rps / pair.off.rps);
        cpuRatios.push(pair.on.cpu / pair.off.cpu);
      }
      const sorted = [...ratios].sort((x, y) => x - y);
      const q = (f: number) => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))];
      const row = {
        path: p,
        router: cache === 'off',
        on: median(rps.on),
        off: median(rps.off),
        cost: 1 - median(ratios),
        spread: [1 - q(0.75), 1 - q(0.25)] as [number, number],
        cpuOn: median(cpu.on),
        cpuOff: median(cpu.off),
        cpuCost: median(cpuRatios) - 1,
      };
      out.push(row);
      console.log(
        `  ${p} (cache ${cache}): req/s on/off per pair [${ratios.map((r) => r.toFixed(2)).join(', ')}], CPU per request on/off [${cpuRatios.map((r) => r.toFixed(2)).join(', ')}]`,
      );
    }
    if (env.BENCH_AA !== '1' && cache === 'off') statements = await statementsPerRequest(on);
    return out;
  } finally {
    clearInterval(scraper);
    for (const a of apps) await stopBuilt(a);
    for (const c of copies) fs.rmSync(c, { recursive: true, force: true });
  }
}

async function main() {
  execSync('node scripts/build-server.mjs', { stdio: 'inherit', env: { ...env, YS_DIST: DIST } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-metrics-'));
  try {
    const handle = await openDatabase({ dataDir: dir });
    let detail: number;
    try {
      await handle.migrate();
      await growListings(handle, LISTINGS, () => {});
      const { rows } = (await handle.db.execute('select min(id) as id from listings')) as unknown as {
        rows: { id: number }[];
      };
      detail = rows[0].id;
    } finally {
      await handle.close();
    }
    console.log(
      `${LISTINGS} listings on PGlite; autocannon ${SECONDS} s x ${CONNECTIONS} connections, ${ROUNDS} pairs per path`,
    );
    const rows = [
      ...(await compare(dir, 'off', ['/api/listings', `/api/listings/${detail}`])),
      ...(await compare(dir, 'on', ['/api/listings'])),
    ];
    console.log(
      `\n${'path'.padEnd(34)} ${'req/s on'.padStart(9)} ${'off'.padStart(6)} ${'cost'.padStart(7)} (middle half)      ${'CPU µs/req on'.padStart(13)} ${'off'.padStart(6)} ${'cost'.padStart(7)}`,
    );
    for (const r of rows)
      console.log(
        `${`${r.path} (${r.router ? 'router' : 'cache, control'})`.padEnd(34)} ${r.on.toFixed(0).padStart(9)} ${r.off.toFixed(0).padStart(6)} ${pct(r.cost).padStart(7)} (${pct(r.spread[0])} .. ${pct(r.spread[1])})  ${r.cpuOn.toFixed(0).padStart(13)} ${r.cpuOff.toFixed(0).padStart(6)} ${pct(r.cpuCost).padStart(7)}`,
      );
    const worst = Math.max(...rows.filter((r) => r.router).map((r) => r.cpuCost));
    console.log(
      `compared at once on this machine, the worst CPU difference through the router is ${pct(worst)} (BENCH_AA=1 shows the noise floor)`,
    );
    // The budget: what metrics add to a request, timed alone, against the request's own CPU time.
    const own = ownWork();
    const added = own.request + statements * own.statement;
    const share = Math.max(...rows.filter((r) => r.router).map((r) => added / r.cpuOff));
    console.log(
      `metrics' own work: ${own.request.toFixed(2)} µs a request + ${own.statement.toFixed(2)} µs a statement x ${statements.toFixed(1)} statements = ${added.toFixed(1)} µs, ${pct(share)} of the cheapest routed request's CPU time`,
    );
    const within = share < BUDGET;
    console.log(`${within ? 'within' : 'over'} the 5 % budget`);
    if (!within && env.BENCH_STRICT === '1') process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
