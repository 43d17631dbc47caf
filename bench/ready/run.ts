// npm run bench:ready: how long after a public page has loaded its controls answer (ADR 057).
// Builds the app (BENCH_NO_BUILD=1 skips it), starts it on a fresh data directory with the demo and
// loads each public page in Chromium as Lighthouse's phone sees it: a 375 px screen at 2x, the CPU
// slowed four times (CDP Emulation.setCPUThrottlingRate), no network throttling, a cold cache (a new
// browser context per load), the onboarding carousel closed. For each page it takes the median of
// BENCH_RUNS loads (3) of:
//   paint  the largest contentful paint (the last candidate before the page was ready)
//   load   the document's load event (its loadEventStart, from the navigation's start)
//   ready  the moment React has hydrated the page with its screen: the root layout sets
//          html[data-hydrated] in an effect once the screen has rendered (root-layout.tsx), which
//          runs after the hydrated tree's handlers are attached; an observer installed before the
//          page's own scripts notes the time of that change
//   gap    ready - load (the goal: 300 ms or less on every page)
//   js     when the last script file the page ran before it was ready had arrived
// Settings: BENCH_RUNS (3), BENCH_PORT (3408), CHROMIUM_PATH (/usr/bin/chromium), BENCH_CPU (4),
// BENCH_PAGES (comma-separated paths, instead of the list below), BENCH_ORIGIN (a server already
// running with the demo, instead of starting one), BENCH_COMPARE (another build's folder: measured
// in turn with YS_DIST's, on BENCH_PORT + 1), YS_DIST (dist), SERVER_NODE.

import type { ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { DIST, startBuilt, stopBuilt, waitReady } from '../lib/built-server.ts';

const env = process.env;
const PORT = Number(env.BENCH_PORT ?? 3408);
const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 3));
const CPU = Number(env.BENCH_CPU ?? 4);
const GOAL_MS = 300;
const origin = env.BENCH_ORIGIN ?? `http://127.0.0.1:${PORT}`;

type Sample = { paint: number; load: number; ready: number; js: number };

// Runs in the page before its scripts: notes when html[data-hydrated] appears, and the largest paint.
function watchHydration() {
  const w = window as unknown as { __readyAt?: number; __paintAt?: number; __ready?: Promise<void> };
  let resolve = () => {};
  w.__ready = new Promise<void>((r) => {
    resolve = r;
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__paintAt = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const note = () => {
    if (w.__readyAt !== undefined || !document.documentElement.dataset.hydrated) return;
    w.__readyAt = performance.now();
    resolve();
  };
  // The init script runs before <html> exists: watch the document, the root element's attribute.
  new MutationObserver(note).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-hydrated'],
  });
  localStorage.setItem('onboardingComplete', 'true');
}

async function publicPages(origin: string): Promise<string[]> {
  if (env.BENCH_PAGES) return env.BENCH_PAGES.split(',').map((p) => p.trim());
  const [listing] = (await (await fetch(`${origin}/api/listings?limit=1`)).json()) as {
    id: number;
    hostId?: number;
    host?: { id: number };
  }[];
  if (!listing) throw new Error('the demo has no listings');
  const detail = (await (await fetch(`${origin}/api/listings/${listing.id}`)).json()) as {
    hostId?: number;
    host?: { id: number };
  };
  const host = detail.host?.id ?? detail.hostId ?? listing.host?.id ?? listing.hostId;
  return [
    '/',
    '/listings',
    `/listings/${listing.id}`,
    '/auth',
    '/de/listings',
    `/es/listings/${listing.id}`,
    '/ja',
    '/how-it-works',
    '/blog/rise-of-yardsharing',
    ...(host ? [`/users/${host}`] : []),
  ];
}

type Target = { label: string; origin: string; server: ChildProcess | null; dir: string };

async function measure(browser: Browser, origin: string, p: string): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(watchHydration);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  try {
    await page.goto(`${origin}${p}`, { waitUntil: 'load' });
    // Awaits the observer's promise: no polling, which would run on the throttled page's thread.
    await page.evaluate(() =>
      Promise.race([
        (window as unknown as { __ready: Promise<void> }).__ready,
        new Promise((_, reject) => setTimeout(() => reject(new Error('not hydrated in 60 s')), 60_000)),
      ]),
    );
    return await page.evaluate(() => {
      const { __readyAt: ready, __paintAt: paint } = window as unknown as {
        __readyAt: number;
        __paintAt?: number;
      };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => /\.js$/.test(new URL(r.name).pathname) && r.responseEnd <= ready,
      );
      return {
        paint: paint ?? 0,
        load: nav.loadEventStart,
        ready,
        js: Math.max(0, ...scripts.map((s) => s.responseEnd)),
      };
    });
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => Math.round(n).toLocaleString('en').padStart(9);

function table(label: string, pages: string[], samples: Map<string, Sample[]>) {
  console.log(`\n${label}`);
  console.log('page                          paint ms    load ms   ready ms    gap ms     js ms');
  let worst = 0;
  for (const p of pages) {
    const all = samples.get(p) ?? [];
    const gap = median(all.map((s) => s.ready - s.load));
    worst = Math.max(worst, gap);
    const col = (k: keyof Sample) => ms(median(all.map((s) => s[k])));
    console.log(
      `${p.slice(0, 28).padEnd(28)} ${col('paint')}  ${col('load')}  ${col('ready')} ${ms(gap)} ${col('js')}`,
    );
  }
  console.log(`worst gap ${Math.round(worst)} ms (goal: ${GOAL_MS} ms or less)`);
}

async function main() {
  if (env.BENCH_NO_BUILD !== '1' && !env.BENCH_ORIGIN) execSync('npm run build', { stdio: 'inherit' });
  const targets: Target[] = [];
  const add = async (label: string, port: number, dist?: string) => {
    const taken = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error(`port ${port} is taken: set BENCH_PORT`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-ready-'));
    const extra: Record<string, string> = { SEED_DEMO: 'true', ...(dist ? { YS_DIST: dist } : {}) };
    targets.push({ label, origin: `http://127.0.0.1:${port}`, server: startBuilt(port, dir, extra), dir });
  };
  // BENCH_COMPARE: another build, measured in turn with this one, page by page and run by run, so
  // both see the same machine (before and after a change).
  if (env.BENCH_COMPARE) await add(`before: ${env.BENCH_COMPARE}`, PORT + 1, env.BENCH_COMPARE);
  if (env.BENCH_ORIGIN) targets.push({ label: env.BENCH_ORIGIN, origin, server: null, dir: '' });
  else await add(env.BENCH_COMPARE ? `after: ${DIST}` : DIST, PORT);
  const browser = await chromium.launch({ executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (const t of targets) await waitReady(t.origin);
    const pages = await publicPages(targets[0].origin);
    // One unmeasured load first: the server's caches and the browser's start-up are not the page's.
    for (const t of targets) await measure(browser, t.origin, pages[0]);
    const samples = targets.map(() => new Map<string, Sample[]>());
    const loads: number[] = [];
    for (const p of pages)
      for (let i = 0; i < RUNS; i++)
        for (const [n, t] of targets.entries()) {
          loads.push(os.loadavg()[0]);
          const s = await measure(browser, t.origin, p);
          samples[n].set(p, [...(samples[n].get(p) ?? []), s]);
        }
    console.log(
      `bench:ready: median of ${RUNS} cold loads, 375 px @2x, CPU ${CPU}x slower; load average ${median(loads).toFixed(1)} (${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}) on ${os.availableParallelism()} cores`,
    );
    for (const [n, t] of targets.entries()) table(t.label, pages, samples[n]);
  } finally {
    await browser.close();
    for (const t of targets) {
      if (t.server) await stopBuilt(t.server);
      if (t.dir) fs.rmSync(t.dir, { recursive: true, force: true, maxRetries: 10 });
    }
  }
}

await main();
