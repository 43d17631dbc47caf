// npm run bench:start-settings: the read path under the server's own start settings (ADR 047:
// two malloc arenas, a 16 MB young generation, a 384 MB old generation) against Node's and glibc's
// defaults, which the server ran with before them. The built app on the database that
// `npm run bench:listings` keeps (BENCH_KEEP=1), uncached (PUBLIC_CACHE=off) and cached.
// Rounds alternate (before, now, before, now, ...) with a fresh app each, so a machine busy with
// other work weighs on both alike. Per path and setting it prints the median req/s, the app's CPU
// per request (from /proc: steadier than req/s on a shared machine) and its resident memory after.
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: an admin URL; BENCH_DB (yardshare_bench) the database
//   BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (50), BENCH_PORT (3480)
//   BENCH_SETTINGS: which of the settings below to compare, comma-separated (before,now);
//   BENCH_PATHS: which paths, by name (all)
//   BENCH_BUILDS: other builds to compare under the start settings, name=folder, comma-separated
//   (e.g. before53=/work/wt/dist, built from another commit): each is a setting of that name
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuilt, stopBuilt, waitReady } from '../lib/built-server.ts';

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL)');
const url = new URL(adminUrl);
url.pathname = `/${env.BENCH_DB ?? 'yardshare_bench'}`;
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(env.BENCH_PORT ?? 3480);
const TICK_MS = 10; // /proc/<pid>/stat counts clock ticks (USER_HZ = 100)

// A value given here is kept by the server's start (ops/small-allocator.mjs); "now" gives none.
const cores = os.availableParallelism();
const SETTINGS: Record<string, Record<string, string>> = {
  // glibc's default arena cap (8 per core) and V8's own heap sizes on a 64-bit machine.
  before: {
    MALLOC_ARENA_MAX: String(8 * cores),
    NODE_OPTIONS: '--max-semi-space-size=16 --max-old-space-size=4096',
  },
  now: {},
  'now+young8': { NODE_OPTIONS: '--max-semi-space-size=8' },
  // The same settings given by the environment: the server starts once, without its restart.
  'now-no-restart': {
    MALLOC_ARENA_MAX: '2',
    NODE_OPTIONS: '--max-semi-space-size=16 --max-old-space-size=384 --expose-gc',
  },
  'now+arenas4': { MALLOC_ARENA_MAX: '4' },
  'now+arenas16': { MALLOC_ARENA_MAX: '16' },
  'now+grow100': { NODE_ARGS: '--heap-growing-percent=100' },
  'now+grow200': { NODE_ARGS: '--heap-growing-percent=200' },
  'now+young32': { NODE_OPTIONS: '--max-semi-space-size=32' },
  'now+y32g100': { NODE_OPTIONS: '--max-semi-space-size=32', NODE_ARGS: '--heap-growing-percent=100' },
  'now+old768': { NODE_OPTIONS: '--max-old-space-size=768' },
  'now+old1024': { NODE_OPTIONS: '--max-old-space-size=1024' },
};
for (const pair of (env.BENCH_BUILDS ?? '').split(',').filter(Boolean)) {
  const [name, dist] = pair.split('=');
  SETTINGS[name] = { YS_DIST: dist };
}
const chosen = (env.BENCH_SETTINGS ?? 'before,now').split(',').map((s) => s.trim());
for (const s of chosen) if (!SETTINGS[s]) throw new Error(`Unknown setting ${s}: ${Object.keys(SETTINGS)}`);

const ALL_PATHS: [name: string, path: string, cached: boolean][] = [
  ['first page', '/api/listings', false],
  ['q', '/api/listings?q=tomatoes', false],
  ['near', '/api/listings?near=Denver,%20CO&radiusKm=50', false],
  ['detail', '/api/listings/1', false],
  ['first page, cached', '/api/listings', true],
];
// BENCH_PATHS: which of them, by name, comma-separated (all).
const PATHS = env.BENCH_PATHS
  ? ALL_PATHS.filter(([name]) => env.BENCH_PATHS?.split(',').includes(name))
  : ALL_PATHS;

const stat = (pid: number) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime + stime (ticks), rss (pages)
    return { ticks: Number(f[11]) + Number(f[12]), rssMb: (Number(f[21]) * 4096) / 1048576 };
  } catch {
    return { ticks: 0, rssMb: 0 };
  }
};
const load = (target: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url: target, connections: CONNECTIONS, duration }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

type Round = { rps: number; cpuMs: number; rssMb: number };
async function round(setting: string, p: string, cached: boolean, dataDir: string): Promise<Round> {
  const extra = { DATABASE_URL: url.toString(), PUBLIC_CACHE: cached ? 'on' : 'off', NODE_OPTIONS: '' };
  const app = startBuilt(PORT, dataDir, { ...extra, ...SETTINGS[setting] });
  try {
    const origin = `http://127.0.0.1:${PORT}`;
    await waitReady(origin);
    await load(`${origin}${p}`, 2);
    const before = stat(app.pid ?? 0);
    const r = await load(`${origin}${p}`, SECONDS);
    const after = stat(app.pid ?? 0);
    if (r.non2xx || r.errors) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return {
      rps: r.requests.average,
      cpuMs: ((after.ticks - before.ticks) * TICK_MS) / r.requests.total,
      rssMb: after.rssMb,
    };
  } finally {
    await stopBuilt(app);
  }
}

async function main() {
  fs.mkdirSync('.tmp', { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(path.resolve('.tmp'), 'bench-settings-'));
  const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ', 3).join(' ');
  console.log(
    `start settings on the read path: ${ROUNDS} rounds x ${SECONDS} s x ${CONNECTIONS} connections`,
  );
  console.log(`load average before the run: ${loadavg()}`);
  const rows: string[] = [];
  for (const [name, p, cached] of PATHS) {
    const got = new Map<string, Round[]>(chosen.map((s) => [s, []]));
    for (let i = 0; i < ROUNDS; i++)
      for (const s of i % 2 ? [...chosen].reverse() : chosen)
        got.get(s)?.push(await round(s, p, cached, dataDir));
    for (const s of chosen) {
      const rs = got.get(s) ?? [];
      const line = `${name.padEnd(20)} ${s.padEnd(18)} ${median(rs.map((r) => r.rps))
        .toFixed(0)
        .padStart(7)} req/s  ${median(rs.map((r) => r.cpuMs)).toFixed(3)} ms CPU/req  ${median(
        rs.map((r) => r.rssMb),
      )
        .toFixed(0)
        .padStart(4)} MB`;
      console.log(line);
      rows.push(line);
    }
  }
  console.log(`load average after the run: ${loadavg()}\n\n${rows.join('\n')}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
