// npm run lighthouse: Lighthouse 13 on Debian's Chromium against the built app (as `npm start`
// runs it) on a free port with a throwaway PGlite database, seeded with the demo marketplace. Prints
// the four category scores with LCP, TBT and CLS for the home page, the listings page, a listing
// detail (the first listing with photos) and the blog article, and four translated pages (ADR 031),
// mobile and desktop (issue 36, ADR 042).
//   YS_DIST=.tmp/dist-x npm run lighthouse   use another build folder
//   CHROMIUM_PATH=/path/to/chrome            use another browser
//   LH_ONLY=ja                               only the pages whose name contains it
//   LH_PORT=5520                             the app's port, the map tiles' stand-in on the next one
//                                            (default: free ones)
//   LH_DATA_DIR=.tmp/lh-data                 keep the seeded database for the next run
//   LH_RUNS=5                                runs per page (default 3); the median run is reported,
//                                            as Lighthouse's docs advise against single-run variance
// Reports (HTML and JSON) go to .tmp/lighthouse/ (LH_OUT=folder: elsewhere).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { simpleParser } from 'mailparser';

const dist = process.env.YS_DIST ?? 'dist';
const runs = Math.max(1, Number(process.env.LH_RUNS) || 3);
const outDir = path.resolve(process.env.LH_OUT ?? '.tmp/lighthouse');
fs.mkdirSync(outDir, { recursive: true });

if (!fs.existsSync(path.join(dist, 'client', 'index.html')))
  execSync('npm run build:client', { stdio: 'inherit', env: process.env });
if (!fs.existsSync(path.join(dist, 'server', 'main.js')))
  execSync('npm run build:server', { stdio: 'inherit', env: process.env });

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const port = Number(process.env.LH_PORT) || (await freePort());
const origin = `http://127.0.0.1:${port}`;
// LH_DATA_DIR keeps the seeded database (and the photos' copies) for the next run.
const keepData = Boolean(process.env.LH_DATA_DIR);
const dataDir = keepData
  ? path.resolve(process.env.LH_DATA_DIR)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-lh-'));
fs.mkdirSync(dataDir, { recursive: true });
// Map tiles: this machine is offline, so a stand-in answers every tile with one small PNG (a
// failed tile would log a console error, which best practices counts).
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4/58BAAT/Af9jgNErAAAAAElFTkSuQmCC',
  'base64',
);
const tiles = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' });
  res.end(TILE);
});
await new Promise((r) =>
  tiles.listen(Number(process.env.LH_PORT) ? Number(process.env.LH_PORT) + 1 : 0, '127.0.0.1', r),
);
const tileUrl = `http://127.0.0.1:${tiles.address().port}/{z}/{x}/{y}.png`;
const server = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    MAP_TILE_URL: tileUrl,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let chrome;
const cleanup = async () => {
  try {
    await chrome?.kill();
  } catch {}
  tiles.close();
  server.kill('SIGTERM');
  // The server closes gracefully; do not wait for long-lived connections.
  const exited = new Promise((r) => server.once('exit', r));
  if ((await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 5000))])) === 'timeout')
    server.kill('SIGKILL');
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  // The first start seeds the demo marketplace: a minute or more on a busy machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }

  // The listing to audit: the first result of /listings with a photo (the demo marketplace is seeded
  // on first start), else a listing of our own without photos (SEED_DEMO=false).
  const first = await (await fetch(`${origin}/api/listings?limit=24`)).json();
  const items = Array.isArray(first) ? first : (first.items ?? []);
  const listing = items.find((l) => l.images?.length) ?? (await ownListing());
  // Demo photos get their narrower copies from the variants job (ADR 039), which runs every minute
  // after start: wait until the listings page's photos have theirs, or the audit measures the
  // full-size photos a fresh install serves for a minute.
  const photos = items.flatMap((l) => l.images.slice(0, 1)).slice(0, 6);
  const copyReady = async (p) =>
    (await fetch(`${origin}${p.replace(/\.webp$/, '-w800.webp')}`)).headers
      .get('cache-control')
      ?.includes('immutable');
  const photosDeadline = Date.now() + 180_000;
  while (photos.length && !(await Promise.all(photos.map(copyReady))).every(Boolean)) {
    if (Date.now() > photosDeadline) {
      console.log("the photos' copies are not made yet: measuring without them");
      break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }

  const pages = [
    ['home', '/'],
    ['listings', '/listings'],
    ['listing detail', `/listings/${listing.id}`],
    ['blog article', '/blog/rise-of-yardsharing'],
    // The translated pages (ADR 031).
    ['home (ja)', '/ja'],
    ['listings (de)', '/de/listings'],
    ['listing detail (es)', `/es/listings/${listing.id}`],
    ['how it works (fr)', '/fr/how-it-works'],
  ];
  // LH_ONLY=ja runs only the pages whose name contains it.
  if (process.env.LH_ONLY)
    pages.splice(0, pages.length, ...pages.filter(([n]) => n.includes(process.env.LH_ONLY)));
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    // A busy machine can take more than chrome-launcher's 25 s to open the debugging port.
    maxConnectionRetries: 240,
  });
  const rows = [];
  for (const [formFactor, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig],
  ]) {
    for (const [name, p] of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        results.push(
          await lighthouse(
            origin + p,
            {
              port: chrome.port,
              output: ['html', 'json'],
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            },
            config,
          ),
        );
      }
      // A run that failed (no paint recorded, a browser hiccup) is reported and left out.
      const valid = filterToValidRuns(results.map((r) => r.lhr));
      for (const r of results)
        if (!valid.includes(r.lhr))
          console.log(`${formFactor} ${name}: a run failed: ${r.lhr.runtimeError?.code ?? 'no FCP'}`);
      if (valid.length === 0) throw new Error(`${formFactor} ${name}: every run failed`);
      const median = computeMedianRun(valid);
      const result = results.find((r) => r.lhr === median) ?? results[0];
      const perfRuns = results
        .filter((r) => valid.includes(r.lhr))
        .map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100));
      const slug = `${name.replace(/\s+/g, '-')}-${formFactor}`;
      fs.writeFileSync(path.join(outDir, `${slug}.html`), result.report[0]);
      fs.writeFileSync(path.join(outDir, `${slug}.json`), result.report[1]);
      const c = result.lhr.categories;
      const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
      const failing = Object.values(result.lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable' &&
            a.scoreDisplayMode !== 'manual',
        )
        .filter((a) =>
          ['accessibility', 'best-practices', 'seo'].some((k) =>
            c[k].auditRefs.some((r) => r.id === a.id && r.weight > 0),
          ),
        )
        .map((a) => a.id);
      rows.push({
        page: `${name} (${p})`,
        form: formFactor,
        performance: score('performance'),
        runs: perfRuns.join('/'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        LCP: result.lhr.audits['largest-contentful-paint']?.displayValue,
        TBT: result.lhr.audits['total-blocking-time']?.displayValue,
        CLS: result.lhr.audits['cumulative-layout-shift']?.displayValue,
        failing: failing.join(' '),
      });
      console.log(
        `${formFactor.padEnd(7)} ${name.padEnd(15)} perf ${score('performance')} (runs ${perfRuns.join('/')}) a11y ${score('accessibility')} bp ${score('best-practices')} seo ${score('seo')}`,
      );
    }
  }
  console.table(rows.map(({ failing, ...r }) => r));
  for (const r of rows)
    if (r.failing) console.log(`${r.form} ${r.page}: audits below 100 in a11y/bp/seo: ${r.failing}`);
  fs.writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`Reports: ${outDir}`);
} finally {
  await cleanup();
}

// A host and a listing of our own, without photos, for a database without the demo.
async function ownListing() {
  const user = {
    username: `lh_${Date.now().toString(36)}`,
    email: `lh_${Date.now().toString(36)}@example.com`,
    name: 'Lighthouse Host',
    password: 'garden-pass-1',
  };
  const reg = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // Publishing needs a confirmed address: the link is in the mail written to DATA_DIR/mail.
  const mailDir = path.join(dataDir, 'mail');
  let token = null;
  for (let i = 0; i < 50 && !token; i++) {
    for (const f of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
      const mail = await simpleParser(fs.readFileSync(path.join(mailDir, f)));
      const link = /https?:\/\/\S*verify-email\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
      if (link) token = new URL(link).searchParams.get('token');
    }
    if (!token) await new Promise((r) => setTimeout(r, 200));
  }
  const verified = await fetch(`${origin}/api/email/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  const created = await fetch(`${origin}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      type: 'rental',
      title: 'Sunny raised beds behind a bungalow',
      description:
        'Four cedar raised beds with drip irrigation, full sun from nine to five, a shared tool shed and a compost bay. Ideal for tomatoes, peppers and herbs.',
      price: 45,
      location: '12 Elm Street',
      city: 'Austin',
      state: 'TX',
      size: '200 sq ft',
      amenities: ['Water', 'Tool shed', 'Compost'],
      images: [],
    }),
  });
  if (created.status !== 201)
    throw new Error(`create listing failed: ${created.status} ${await created.text()}`);
  return created.json();
}
