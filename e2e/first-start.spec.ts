import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';

// npm start on a fresh DATA_DIR (ADR 023): the built server seeds the demo marketplace before it
// listens, and the home page shows six featured spaces with photos that differ. Its own server
// (the 'first-start' project's baseURL), with demo seeding on as by default, in a clean folder so
// that no .env applies.

const shots = (name: string) => `test-results/screens/${name}.png`;
// Seeding draws a few hundred photos: on a loaded 2-core box that has taken 40 s and more.
const STARTUP_MS = 240_000;

let child: ChildProcess | null = null;
let dataDir = '';
let log = '';

const logLines = () =>
  log
    .split('\n')
    .map((l) => {
      try {
        return String(JSON.parse(l).msg ?? '');
      } catch {
        return l;
      }
    })
    .filter(Boolean);

test.beforeAll(async () => {
  test.setTimeout(STARTUP_MS + 30_000);
  const base = new URL(String(test.info().project.use.baseURL));
  const main = path.resolve(import.meta.dirname, '..', process.env.YS_DIST ?? 'dist', 'server', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-first-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: base.port,
    HOST: '127.0.0.1',
    PUBLIC_URL: base.origin,
    DATA_DIR: path.join(dataDir, 'data'),
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
  };
  for (const key of ['SEED_DEMO', 'SMTP_URL', 'UPLOADS_STORE']) delete env[key];
  const started = Date.now();
  child = spawn(process.execPath, [main], { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  // Seeding happens before listen: the first answer is from a seeded marketplace.
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}:\n${log.slice(-3000)}`);
    if (Date.now() - started > STARTUP_MS)
      throw new Error(`the server did not answer within ${STARTUP_MS} ms:\n${log.slice(-3000)}`);
    // Ready when the server has said so (its last startup line) and answers.
    try {
      if (log.includes('Yardshare ready in') && (await fetch(new URL('/api/health', base))).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  const proc = child;
  if (proc && proc.exitCode === null) {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a fresh data dir opens on the demo marketplace: six featured spaces with different photos', async ({
  page,
}) => {
  const lines = logLines();
  expect(lines.some((l) => l.startsWith('Seeding the demo marketplace'))).toBe(true);
  const summary = lines.find((l) => l.startsWith('Demo marketplace ready in'));
  expect(summary, lines.join('\n')).toContain('yardshare-demo');
  const ready = lines.find((l) => l.startsWith('Yardshare ready in'));
  // The server runs on the project's pinned Node (ADR 010), as this test does.
  expect(ready).toContain(`Node ${process.version}`);
  for (const l of [summary, ready])
    if (l) test.info().annotations.push({ type: 'first start', description: l });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const cards = page.locator('section[aria-labelledby="featured-heading"] li');
  await expect(cards).toHaveCount(6);
  const imgs = cards.locator('img');
  await expect(imgs).toHaveCount(6);
  const srcs = await imgs.evaluateAll((els) =>
    els.map((e) => (e as HTMLImageElement).currentSrc || e.getAttribute('src')),
  );
  expect(new Set(srcs).size).toBe(6);

  // Every photo shows in the page (lazy ones once scrolled to).
  for (let i = 0; i < 6; i++) {
    const img = imgs.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }

  // Different files, and different pictures: decoded, no two look alike (a 16 x 16 sample differs
  // by a clear margin on average), so the demo is not one drawing under several names.
  const decoded: Buffer[] = [];
  const fileHashes = new Set<string>();
  const pixelHashes = new Set<string>();
  for (const src of srcs) {
    const res = await page.request.get(String(src));
    expect(res.status(), String(src)).toBe(200);
    const bytes = await res.body();
    fileHashes.add(createHash('sha256').update(bytes).digest('hex'));
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThanOrEqual(900);
    pixelHashes.add(createHash('sha256').update(data).digest('hex'));
    decoded.push(await sharp(bytes).removeAlpha().resize(16, 16, { fit: 'fill' }).raw().toBuffer());
  }
  expect(fileHashes.size).toBe(6);
  expect(pixelHashes.size).toBe(6);
  for (let a = 0; a < decoded.length; a++)
    for (let b = a + 1; b < decoded.length; b++) {
      let diff = 0;
      for (let i = 0; i < decoded[a].length; i++) diff += Math.abs(decoded[a][i] - decoded[b][i]);
      expect(diff / decoded[a].length, `photos ${a + 1} and ${b + 1}`).toBeGreaterThan(8);
    }

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shots('first-start-home-1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: shots('first-start-home-375'), fullPage: true });
});
