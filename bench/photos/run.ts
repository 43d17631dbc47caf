// npm run bench:photos: a photo's bytes on a screen, whole against the copy the page chooses
// (ADR 039). Builds the app (BENCH_NO_BUILD=1 skips it), starts it with the demo, waits until the
// variants job has made the demo photos' copies, and loads /listings and a listing's page in Chromium
// at three screens: 375 px at 2x (a common phone), 412 px at 1.75x (Lighthouse's phone) and 1280 px
// at 1x. For each it sums the bytes of the photos the page loaded (its srcset choice) and the bytes
// of the same photos whole (what every screen loaded before).
// Settings: BENCH_PORT (3406), CHROMIUM_PATH (/usr/bin/chromium), YS_DIST (dist), SERVER_NODE.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { sleep, startBuilt, stopBuilt, waitReady } from '../lib/built-server.ts';

const env = process.env;
const PORT = Number(env.BENCH_PORT ?? 3406);
const origin = `http://127.0.0.1:${PORT}`;
const SCREENS = [
  { name: 'phone 375 px @2x', width: 375, height: 812, scale: 2 },
  { name: 'phone 412 px @1.75x', width: 412, height: 823, scale: 1.75 },
  { name: 'desktop 1280 px @1x', width: 1280, height: 900, scale: 1 },
];

const bytesOf = new Map<string, number>();
async function size(url: string): Promise<number> {
  const known = bytesOf.get(url);
  if (known !== undefined) return known;
  const res = await fetch(new URL(url, origin));
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const n = (await res.arrayBuffer()).byteLength;
  bytesOf.set(url, n);
  return n;
}

// The first listings of the public list (an array, as the spec answers).
const listings = async (limit: number) =>
  (await (await fetch(`${origin}/api/listings?limit=${limit}`)).json()) as { id: number; images: string[] }[];

// Until the copies of the first page's photos are made (the job's first runs after the start).
async function waitForCopies(): Promise<void> {
  const photos = (await listings(24)).flatMap((l) => l.images).filter((p) => p.startsWith('/uploads/'));
  if (!photos.length) throw new Error('the demo has no photos');
  for (const photo of photos)
    for (let i = 0; ; i++) {
      const res = await fetch(`${origin}${photo.replace(/\.webp$/, '-w480.webp')}`);
      if (res.headers.get('cache-control')?.includes('immutable')) break;
      if (i > 600) throw new Error('the variants job made no copies in 5 minutes');
      await sleep(500);
    }
}

async function main() {
  if (env.BENCH_NO_BUILD !== '1') execSync('npm run build', { stdio: 'inherit' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-bench-photos-'));
  const server = startBuilt(PORT, dir, { SEED_DEMO: 'true', PUBLIC_CACHE: 'off' });
  const browser = await chromium.launch({ executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    await waitReady(origin);
    await waitForCopies();
    const items = await listings(1);
    const pages = ['/listings', `/listings/${items[0].id}`];
    console.log('page                 screen                  photos   whole (KB)  chosen (KB)  ratio');
    for (const screen of SCREENS) {
      const context = await browser.newContext({
        viewport: { width: screen.width, height: screen.height },
        deviceScaleFactor: screen.scale,
      });
      // The onboarding carousel stays closed: the photos under it are what is measured.
      await context.addInitScript(() => localStorage.setItem('onboardingComplete', 'true'));
      for (const p of pages) {
        const page = await context.newPage();
        await page.goto(`${origin}${p}`, { waitUntil: 'networkidle' });
        const loaded = await page.$$eval('img', (imgs) =>
          imgs
            .filter(
              (i) =>
                i.complete && i.naturalWidth > 0 && new URL(i.currentSrc).pathname.startsWith('/uploads/'),
            )
            .map((i) => [new URL(i.src).pathname, new URL(i.currentSrc).pathname] as const),
        );
        let whole = 0;
        let chosen = 0;
        for (const [src, current] of loaded) {
          whole += await size(src);
          chosen += await size(current);
        }
        const kb = (n: number) => (n / 1024).toFixed(0).padStart(10);
        console.log(
          `${p.padEnd(20)} ${screen.name.padEnd(22)} ${String(loaded.length).padStart(6)} ${kb(whole)}  ${kb(chosen)}  ${(chosen / Math.max(whole, 1)).toFixed(2).padStart(5)}`,
        );
        await page.close();
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stopBuilt(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
