// npm run bench:memory: the resident memory of the built server and of its embedded database's
// process (ADR 047), read from /metrics as an operator's ps would show them:
//   PGlite (npm start's set-up, demo seeded): after start, then after a browsing load;
//   PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL): idle, the peak during three passes of
//   hostile requests (sampled every 250 ms), and after them.
// Requests per second of the browsing load are printed beside. Figures, not assertions; the goals
// of issue 55 are printed next to them. BENCH_MEMORY_REQUESTS (20000: an hour of one person's
// clicking, and more) sizes the browsing load; BENCH_MEMORY_HOSTILE (3000) each hostile pass;
// BENCH_MEMORY_ONLY (pglite or postgres) runs one set-up alone. Each row says what holds the
// memory: each cache's bytes, the JavaScript heap, V8's external memory and the native rest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {
  freshDatabase,
  heapSnapshot,
  type Server,
  serverEnv,
  startServer,
  stopServer,
} from '../../e2e/ops/servers.ts';
import { body, fuzzPath, query } from '../../src/server/testing/hostile.ts';

const BROWSE = Number(process.env.BENCH_MEMORY_REQUESTS ?? 20_000);
const HOSTILE = Number(process.env.BENCH_MEMORY_HOSTILE ?? 3000);
const PORT = Number(process.env.BENCH_PORT ?? 4900);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-memory-'));
const cleanups: (() => Promise<void>)[] = [];

// By owner: the caches' own byte counts (their budgets), the JavaScript heap, memory outside it
// that V8 knows of (buffers: nodejs_external_memory_bytes), and the native rest (resident minus
// those two: code, libvips, malloc arenas, the allocator's free lists).
type Sample = {
  server: number;
  db: number;
  heapUsed: number;
  heapTotal: number;
  cache: number;
  caches: Record<string, number>;
  external: number;
};
async function sample(base: string): Promise<Sample> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const v = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0) / 1048576;
  const caches: Record<string, number> = {};
  for (const m of text.matchAll(/^yardshare_cache_bytes\{cache="(\w+)"\} (\S+)$/gm))
    caches[m[1]] = Number(m[2]) / 1048576;
  return {
    server: v('process_resident_memory_bytes'),
    db: v('yardshare_db_process_resident_memory_bytes'),
    heapUsed: v('nodejs_heap_size_used_bytes'),
    heapTotal: v('nodejs_heap_size_total_bytes'),
    cache: v('yardshare_public_cache_bytes'),
    caches,
    external: v('nodejs_external_memory_bytes'),
  };
}

// What a person browsing does: the home page, searches (one in five misspelt), listings and their
// reviews, hosts' profiles, and, signed in, their own pages.
function browsing(ids: number[], users: number[]): string[] {
  const places = ['Portland', 'Seatle', 'Austin', 'Bostn', 'Denver', 'Chicago', 'Miami', 'Oakland'];
  const words = ['tomato', 'raised beds', 'orchard', 'greenhouse', 'herbs', 'tomatoe', 'compost'];
  const out: string[] = [];
  for (let i = 0; out.length < 400; i++) {
    const id = ids[i % ids.length];
    out.push(
      '/',
      `/listings?q=${encodeURIComponent(places[i % places.length])}`,
      `/api/listings?q=${encodeURIComponent(words[i % words.length])}&page=${1 + (i % 3)}`,
      `/api/listings?location=${encodeURIComponent(places[(i + 3) % places.length])}&type=rental`,
      `/listings/${id}`,
      `/api/listings/${id}`,
      `/api/listings/${id}/reviews`,
      `/users/${users[i % users.length]}`,
      `/api/users/${users[i % users.length]}/profile`,
      '/how-it-works',
    );
  }
  return out;
}

async function drive(base: string, paths: string[], n: number, cookie?: string): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        const i = next++;
        const signed = cookie && i % 5 === 0;
        const url = signed
          ? ['/api/user', '/api/bookings', '/api/notifications'][i % 3]
          : paths[i % paths.length];
        const res = await fetch(`${base}${url}`, { headers: signed ? { cookie } : {} }).catch(() => null);
        await res?.arrayBuffer().catch(() => null);
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

async function register(base: string, name: string) {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      password: 'bench-password-1',
      name,
    }),
  });
  return { res, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
}

// BENCH_MEMORY_SNAPSHOTS=<folder>: heap snapshots of the PostgreSQL server at idle and after the
// passes, there; `node scripts/heap-diff.mjs idle.heapsnapshot after.heapsnapshot` says what grew.
const SNAPSHOTS = process.env.BENCH_MEMORY_SNAPSHOTS;
// BENCH_MEMORY_ENV="K=V ...": settings added to both servers', to compare.
const extraEnv = Object.fromEntries(
  (process.env.BENCH_MEMORY_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
async function snapshot(s: Server, name: string) {
  if (SNAPSHOTS) await heapSnapshot(s, SNAPSHOTS, name);
}

const rows: string[][] = [];
const progress = (line: string) => process.stderr.write(`${line}\n`);
const mb = (x: number) => `${x.toFixed(0)} MB`;
const row = (setup: string, moment: string, s: Sample, goal: string, extra = '') =>
  rows.push([
    setup,
    moment,
    mb(s.server),
    mb(s.db),
    mb(s.server + s.db),
    `${mb(s.heapUsed)} / ${mb(s.heapTotal)}`,
    Object.entries(s.caches)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', '),
    mb(s.external),
    mb(Math.max(0, s.server - s.heapTotal - s.external)),
    goal,
    extra,
  ]);

async function pglite() {
  const env = serverEnv(PORT, path.join(work, 'pglite-data'));
  delete env.SEED_DEMO; // npm start's default: the demo on a fresh embedded database
  Object.assign(env, extraEnv);
  const server = await startServer(env, path.join(work, 'pglite.log'));
  cleanups.push(() => stopServer(server));
  await new Promise((r) => setTimeout(r, 15_000));
  const start = await sample(server.base);
  row('PGlite + demo', 'after start (15 s)', start, 'server + db < 400 MB');
  progress(`PGlite started: ${mb(start.server + start.db)}; browsing...`);
  const list = (await (await fetch(`${server.base}/api/listings`)).json()) as {
    id: number;
    userId: number;
  }[];
  const ids = list.map((l) => l.id);
  const users = [...new Set(list.map((l) => l.userId))];
  const { cookie } = await register(server.base, `benchmem${process.pid}`);
  const rps = await drive(server.base, browsing(ids, users), BROWSE, cookie);
  await new Promise((r) => setTimeout(r, 5_000));
  row(
    'PGlite + demo',
    `after ${BROWSE} browsing requests`,
    await sample(server.base),
    'server + db < 512 MB',
    `${rps.toFixed(0)} req/s`,
  );
  await stopServer(server);
}

async function postgres(url: string) {
  const db = await freshDatabase(`ys_bench_memory_${process.pid}`);
  cleanups.push(db.drop);
  void url;
  const env = serverEnv(PORT + 1, path.join(work, 'pg-data'), db.url);
  if (SNAPSHOTS) env.NODE_OPTIONS = '--heapsnapshot-signal=SIGUSR2';
  Object.assign(env, extraEnv);
  const server = await startServer(env, path.join(work, 'pg.log'));
  cleanups.push(() => stopServer(server));
  const base = server.base;
  const { res, cookie } = await register(base, `benchpg${process.pid}`);
  const me = String(((await res.json()) as { id: number }).id);
  await new Promise((r) => setTimeout(r, 5_000));
  const idle = await sample(base);
  row('PostgreSQL', 'idle', idle, 'server < 250 MB');
  progress(`PostgreSQL idle: ${mb(idle.server)}`);
  await snapshot(server, 'idle');
  const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const routes = Object.entries(doc.paths)
    .flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => ({ method: m.toUpperCase(), url: p.replace(/\{(\w+)\}/g, ':$1') })),
    )
    .filter((r) => !/logout|account$|\/account\/delete|\/stream$/.test(r.url));
  const request = fc.constantFrom(...routes).chain((r) =>
    fc.record({
      method: fc.constant(r.method),
      path: fuzzPath(r.url, [me, '1']),
      query,
      body,
      signedIn: fc.boolean(),
    }),
  );
  let peak = idle;
  let sampling = true;
  const watcher = (async () => {
    while (sampling) {
      const s = await sample(base).catch(() => null);
      if (s && s.server > peak.server) peak = s;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  for (let pass = 0; pass < 3; pass++) {
    const samples = fc.sample(request, { numRuns: HOSTILE, seed: 20261126 + pass });
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < samples.length) {
          const s = samples[next++]!;
          const hasBody = s.method !== 'GET' && s.method !== 'DELETE';
          const r = await fetch(`${base}${s.path}${s.query ? `?${s.query}` : ''}`, {
            method: s.method,
            headers: {
              ...(s.signedIn && cookie ? { cookie } : {}),
              ...(hasBody ? { 'content-type': s.body.type } : {}),
              origin: base,
            },
            body: hasBody ? s.body.payload : undefined,
            signal: AbortSignal.timeout(15_000),
          }).catch(() => null);
          await r?.arrayBuffer().catch(() => null);
        }
      }),
    );
    row('PostgreSQL', `after hostile pass ${pass + 1} (${HOSTILE})`, await sample(base), '');
    progress(`hostile pass ${pass + 1} done`);
  }
  sampling = false;
  await watcher;
  row('PostgreSQL', 'peak during the passes', peak, 'server < 400 MB');
  // V8 shrinks its heap once allocation stops (its memory reducer), in steps over some seconds.
  for (const [wait, label] of [
    [10_000, '10 s'],
    [20_000, '30 s'],
  ] as const) {
    await new Promise((r) => setTimeout(r, wait));
    const after = await sample(base);
    row(
      'PostgreSQL',
      `${label} after the passes`,
      after,
      'within 50 MB of idle',
      `${(after.server - idle.server).toFixed(0)} MB over idle`,
    );
  }
  await snapshot(server, 'after');
  await stopServer(server);
}

try {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../dist/server/main.js')))
    throw new Error('dist/server/main.js is missing: run npm run build first');
  // BENCH_MEMORY_ONLY=pglite or postgres: one set-up alone.
  const only = process.env.BENCH_MEMORY_ONLY;
  if (only !== 'postgres') await pglite();
  if (pgUrl && only !== 'pglite') await postgres(pgUrl);
  else console.log('(no TEST_DATABASE_URL or BENCH_DATABASE_URL: PostgreSQL skipped)');
  const head = [
    'set-up',
    'moment',
    'server',
    'database process',
    'sum',
    'JS heap used / total',
    'caches (MB)',
    'external',
    'native rest',
    'goal',
    '',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
}
