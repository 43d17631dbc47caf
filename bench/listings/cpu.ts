// npm run bench:listings-cpu: where an uncached listing read spends its CPU. The built app runs with
// PUBLIC_CACHE=off on the database `npm run bench:listings` kept (BENCH_KEEP=1), and for each path
// autocannon loads it for BENCH_SECONDS (10) x BENCH_CONNECTIONS (50). It prints, per request, the
// CPU of the app's process, of PostgreSQL's processes and of autocannon (from /proc, Linux), then
// the app's busiest functions from a V8 CPU profile of the same run (kept in .tmp/bench-cpu/).
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: an admin URL; BENCH_DB (yardshare_bench) the database
//   BENCH_PORT (3470), BENCH_TOP (25): how many functions to list
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuilt, stopBuilt, waitReady } from '../lib/built-server.ts';

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL)');
const url = new URL(adminUrl);
url.pathname = `/${env.BENCH_DB ?? 'yardshare_bench'}`;
const PORT = Number(env.BENCH_PORT ?? 3470);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const TOP = Number(env.BENCH_TOP ?? 25);
const PROFILES = path.resolve('.tmp/bench-cpu');
const TICK_MS = 10; // /proc/<pid>/stat counts clock ticks (USER_HZ = 100)

const PATHS: [name: string, path: string][] = [
  ['first page', '/api/listings'],
  ['type', '/api/listings?type=rental'],
  ['city + state', '/api/listings?city=Portland&state=OR'],
  ['q', '/api/listings?q=tomatoes'],
  ['near', '/api/listings?near=Denver,%20CO&radiusKm=50'],
];

const cpuTicks = (pid: number) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return 0;
  }
};
const postgresTicks = () => {
  let n = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') n += cpuTicks(Number(d));
    } catch {}
  }
  return n;
};
const load = (target: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url: target, connections: CONNECTIONS, duration }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

// Self time per function and per package, as shares of the busy (not idle) time.
function summarize(profile: Profile) {
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  for (const n of profile.nodes) {
    const t = self.get(n.id) ?? 0;
    const { functionName, url: file, lineNumber } = n.callFrame;
    if (functionName === '(idle)') continue;
    busy += t;
    const where = file.includes('node_modules/')
      ? file.replace(/.*node_modules\//, '').split('/')[0]
      : file.replace(/^file:\/\/.*?\/(dist|src)\//, '$1/') || functionName;
    const key = `${functionName || '(anonymous)'} ${where}${file ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + t);
    byPackage.set(where, (byPackage.get(where) ?? 0) + t);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  return { byFunction: top(byFunction, TOP), byPackage: top(byPackage, 12) };
}

async function main() {
  fs.rmSync(PROFILES, { recursive: true, force: true });
  fs.mkdirSync('.tmp', { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(path.resolve('.tmp'), 'bench-cpu-'));
  console.log(
    `load average before the run: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ', 3).join(' ')}`,
  );
  for (const [name, p] of PATHS) {
    // One app per path, so each profile holds that path alone (with the app's start and the
    // warm-up: module loading shows up as node:internal, small beside the load).
    const app = startBuilt(PORT, dataDir, {
      DATABASE_URL: url.toString(),
      PUBLIC_CACHE: 'off',
      NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROFILES}/${name.replace(/\W+/g, '-')}`,
    });
    try {
      const origin = `http://127.0.0.1:${PORT}`;
      await waitReady(origin);
      await load(`${origin}${p}`, 2);
      const [app0, pg0, own0] = [cpuTicks(app.pid ?? 0), postgresTicks(), process.cpuUsage()];
      const r = await load(`${origin}${p}`, SECONDS);
      const appMs = (cpuTicks(app.pid ?? 0) - app0) * TICK_MS;
      const pgMs = (postgresTicks() - pg0) * TICK_MS;
      const own = process.cpuUsage(own0);
      const n = r.requests.total;
      if (r.non2xx || r.errors) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      console.log(
        `\n${name} (${p}): ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.throughput.total / n)} bytes`,
      );
      console.log(
        `  CPU per request: app ${(appMs / n).toFixed(3)} ms, PostgreSQL ${(pgMs / n).toFixed(3)} ms, autocannon ${((own.user + own.system) / 1000 / n).toFixed(3)} ms`,
      );
    } finally {
      await stopBuilt(app);
    }
    const dir = `${PROFILES}/${name.replace(/\W+/g, '-')}`;
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) continue;
    const s = summarize(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    console.log(`  the app's self time by package:\n${s.byPackage}`);
    console.log(`  by function:\n${s.byFunction}`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`\nprofiles (open in Chrome DevTools): ${PROFILES}`);
}

await main();
