import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newUser, verifyEmail } from './helpers.ts';

// The money loop in a browser (ADR 032): a grower pays in the sandbox; after the hold (a few
// seconds here) the host without payout details sees "Waiting for payout details", adds a Bitcoin
// address, and the next job runs pay exactly one payout, completed by the sandbox's payout
// processor with its proof on Earnings and one "payout sent" notification. Its own server (the
// built app, PAYOUT_HOLD_HOURS=0.001), mailing to the e2e SMTP server beside the main one.

const shots = (name: string) => `test-results/screens/${name}.png`;
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let child: ChildProcess | null = null;
let dataDir = '';
let origin = '';
let log = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const main = path.resolve(import.meta.dirname, '..', process.env.YS_DIST ?? 'dist', 'server', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const base = new URL(String(test.info().project.use.baseURL));
  const port = Number(base.port) + 4;
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-payouts-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: path.join(dataDir, 'data'),
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PAYOUT_HOLD_HOURS: '0.001',
    SMTP_URL: `smtp://127.0.0.1:${Number(base.port) + 100}`,
  };
  child = spawn(process.execPath, [main], { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}:\n${log.slice(-3000)}`);
    if (Date.now() - started > 90_000) throw new Error(`the server did not answer:\n${log.slice(-3000)}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
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

async function signedIn(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: origin });
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('onboardingComplete', 'true');
    } catch {}
  });
  const page = await context.newPage();
  const u = newUser();
  const res = await page.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(page.request, u.email);
  return { context, page, u };
}

test('a host is paid once, after the hold and after adding payout details, and sees the proof on Earnings', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const host = await signedIn(browser, 1280, 900);
  const title = `Payout beds ${Date.now().toString(36)}`;
  const made = await host.page.request.post('/api/listings', {
    data: {
      title,
      description: 'Four raised cedar beds in full sun, with a rain barrel and a tool shed.',
      type: 'rental',
      price: 120,
      location: '12 Orchard Lane',
      city: 'Portland',
      state: 'OR',
      amenities: [],
      images: [],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const listing = (await made.json()) as { id: number };

  const grower = await signedIn(browser, 375, 812);
  await grower.page.goto(`/listings/${listing.id}`);
  await grower.page.getByRole('button', { name: 'Pay with Crypto ($120.00 + 6% fee)' }).click();
  await grower.page.waitForURL(/\/sandbox\/btcpay\/i\//);
  await grower.page.getByRole('button', { name: 'Pay now' }).click();
  await grower.page.waitForURL((u) => u.pathname === '/payment/success');

  // The hold ends within seconds; the job runner (a 30 s beat) creates the payout: it waits for details.
  const page = host.page;
  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(
      async () => {
        await page.goto('/earnings');
        return page
          .getByTestId('earning')
          .first()
          .textContent({ timeout: 5_000 })
          .catch(() => '');
      },
      { timeout: 90_000, intervals: [3_000] },
    )
    .toContain('Waiting for payout details');
  await expect(page.getByText('Add your payout details below: payouts wait for them.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: shots('payouts-waiting-375'), fullPage: true });

  // The host adds a Bitcoin address with their password.
  await page.getByLabel('Bitcoin address', { exact: true }).fill(ADDRESS);
  await page.getByLabel('Current password').fill(host.u.password);
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByText('Payout details saved', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payout-method')).toContainText(ADDRESS);

  // The next runs send it; the sandbox's payout processor completes it with a proof.
  await expect
    .poll(
      async () => {
        await page.goto('/earnings');
        return page
          .getByTestId('earning')
          .first()
          .textContent({ timeout: 5_000 })
          .catch(() => '');
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toMatch(/Paid/);
  const row = page.getByTestId('earning').first();
  await expect(row).toContainText('$120.00');
  await expect(row).toContainText('$7.20');
  await expect(row.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: shots('payouts-paid-375'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shots('payouts-paid-1280'), fullPage: true });

  // Exactly one payout, and one "payout sent".
  const earnings = await (await page.request.get('/api/users/me/payouts')).json();
  expect(earnings.items).toHaveLength(1);
  expect(earnings.items[0]).toMatchObject({ state: 'paid', amountCents: 12_000, proofType: 'txid' });
  const notes = await (await page.request.get('/api/notifications')).json();
  const items = (notes.items ?? notes) as { kind: string; title: string }[];
  expect(items.filter((n) => n.kind === 'payout_sent').map((n) => n.title)).toEqual(['Payout sent: $120.00']);
  const csv = await page.request.get('/api/users/me/payouts.csv');
  expect(await csv.text()).toContain(',paid,120.00,7.20,');
  await host.context.close();
  await grower.context.close();
});
