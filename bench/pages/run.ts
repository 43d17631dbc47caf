// npm run bench:pages: what pre-rendering public pages (docs/decisions/011) costs the server.
// Seeds the demo data (~60 listings) into a throwaway PGlite database, starts the built app, and
// measures each page with autocannon twice: as a signed-out visitor (pre-rendered) and with a
// session cookie (the plain page: head only, the browser renders the rest).
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20), BENCH_PORT (default 3404)
import { execFileSync, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3404);
const origin = `http://127.0.0.1:${PORT}`;

if (
  !fs.existsSync('dist/server/main.js') ||
  !fs.existsSync('dist/client/index.html') ||
  !fs.existsSync('dist/ssr/entry-server.js')
)
  execSync('npm run build', { stdio: 'inherit' });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Figures = { rps: number; p50: number; p99: number };

function measure(url: string, headers: Record<string, string>, duration = SECONDS): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx) return reject(new Error(`${url}: ${r.non2xx} non-2xx answers`));
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    });
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-pages-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
execFileSync(process.execPath, ['src/server/db/seed.ts'], { stdio: 'inherit', env });
const server = spawn('node', ['dist/server/main.js'], {
  env: {
    ...env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  },
  stdio: 'inherit',
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error('server did not start');
    await sleep(200);
  }
  const [first] = await (await fetch(`${origin}/api/listings?limit=1`)).json();
  const pages = [
    ['home', '/'],
    ['listings', '/listings'],
    ['listing detail', `/listings/${first.id}`],
    ['how it works', '/how-it-works'],
  ];
  // Brotli, as a browser asks for it; a cookie is enough to skip the pre-render.
  const visitor = { 'accept-encoding': 'br, gzip' };
  const signedIn = { ...visitor, cookie: 'ys_session=bench' };
  const rows = [];
  for (const [name, p] of pages) {
    const check = await fetch(`${origin}${p}`);
    if (!(await check.text()).includes('id="ys-state"')) throw new Error(`${p} was not pre-rendered`);
    await measure(`${origin}${p}`, visitor, 2); // warm-up
    const pre = await measure(`${origin}${p}`, visitor);
    const plain = await measure(`${origin}${p}`, signedIn);
    rows.push({ name, pre, plain });
  }
  console.log(`\nHTML pages, autocannon ${SECONDS} s x ${CONNECTIONS} connections, PGlite, demo seed`);
  console.log('page               pre-rendered req/s  p50 ms  p99 ms | plain req/s  p50 ms  p99 ms');
  for (const { name, pre, plain } of rows) {
    console.log(
      `${name.padEnd(18)} ${pre.rps.toFixed(0).padStart(18)} ${String(pre.p50).padStart(7)} ${String(pre.p99).padStart(7)} | ${plain.rps.toFixed(0).padStart(11)} ${String(plain.p50).padStart(7)} ${String(plain.p99).padStart(7)}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await sleep(500);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
