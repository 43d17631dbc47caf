import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { createRental, newUser, verifyEmail } from './helpers.ts';
import { type OwnServer, ownServerEnv, startOwnServer } from './own-server.ts';

// The payouts specs' server and steps (ADR 032): a server of its own (the built app) where the
// hold lasts a few seconds (PAYOUT_HOLD_HOURS=0.001) and every job runs every 2 s
// (JOBS_MAX_INTERVAL_S), the sandbox store has no automated payout
// processor, so each payout waits on its sandbox page for the outcome a test chooses, and one
// failure sends a payout to the operators (PAYOUT_MAX_ATTEMPTS=1). It mails to the e2e SMTP server.

export const shots = (name: string) => `test-results/screens/${name}.png`;
export const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const run = promisify(execFile);
// Waits poll the server's state; the bound leaves room for a loaded machine.
export const JOBS_MS = 60_000;
let server: OwnServer | null = null;
let origin = '';

export function payoutsServerForSpec() {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const base = new URL(String(test.info().project.use.baseURL));
    const port = Number(base.port) + 4;
    origin = `http://127.0.0.1:${port}`;
    server = await startOwnServer({
      name: 'payouts',
      origin,
      timeoutMs: 90_000,
      env: (dataDir) =>
        ownServerEnv(base, port, dataDir, {
          PAYOUT_HOLD_HOURS: '0.001',
          PAYOUT_MAX_ATTEMPTS: '1',
          SANDBOX_PAYOUT_PROCESSOR: 'none',
        }),
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });
}

export type Account = { id: number; context: BrowserContext; page: Page; u: ReturnType<typeof newUser> };

export async function signedIn(browser: Browser, width: number, height: number): Promise<Account> {
  const context = await newContext(browser, { viewport: { width, height }, baseURL: origin });
  const page = await context.newPage();
  const u = newUser();
  const res = await page.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(page.request, u.email);
  return { id: (await res.json()).id, context, page, u };
}

// An admin, made with `npm run admin -- grant` beside the running server (it hands over to it).
let theAdmin: Account | null = null;
export async function admin(browser: Browser): Promise<Account> {
  if (theAdmin) return theAdmin;
  const a = await signedIn(browser, 1280, 900);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server!.dataDir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'grant', a.u.username], { env });
  expect(stdout).toContain(`${a.u.username} is now an admin.`);
  theAdmin = a;
  return a;
}

export const rentalOf = async (host: Account, title: string, price: number) =>
  (await createRental(host.page.request, title, price)).id;

// A payment made on the sandbox checkout through its form, as its Pay now button posts it.
export async function paid(grower: Account, listingId: number, price: number) {
  const res = await grower.page.request.post('/api/payments/create', {
    data: { listingId, amount: price * 100 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const invoice = new URL((await res.json()).hostedUrl).pathname.split('/').pop();
  const pay = await grower.page.request.post(`/sandbox/btcpay/i/${invoice}/pay`, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
}

export type AdminPayout = {
  id: number;
  hostId: number;
  amountCents: number;
  state: string;
  providerPayoutId: string;
};
// The host's payouts in the console's API once `n` of them are in `state`.
export async function payoutsIn(
  a: Account,
  hostId: number,
  state: string,
  n: number,
): Promise<AdminPayout[]> {
  let mine: AdminPayout[] = [];
  await expect
    .poll(
      async () => {
        const body = await (await a.page.request.get('/api/admin/payouts')).json();
        mine = (body.items as AdminPayout[]).filter((o) => o.hostId === hostId && o.state === state);
        return mine.length;
      },
      { timeout: JOBS_MS, intervals: [500], message: `${n} payouts ${state}` },
    )
    .toBe(n);
  return mine;
}

// The sandbox payout page: the outcome a tester chooses.
export async function outcome(page: Page, providerPayoutId: string, button: string, state: string) {
  await page.goto(`/sandbox/btcpay/payouts/${providerPayoutId}`);
  await expect(page.getByText('TEST MODE').first()).toBeVisible();
  if (button !== 'Pay it now') await page.getByText('More test outcomes').click();
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('status')).toHaveText(state);
}

// Fails each payout the sandbox store holds for the host until n of the host's payouts are stuck.
// Payments due together go out as one payout (ADR 044), so one failure may cover several of them.
export async function failUntilStuck(a: Account, page: Page, hostId: number, n: number) {
  const failed = new Set<string>();
  await expect
    .poll(
      async () => {
        const body = await (await a.page.request.get('/api/admin/payouts')).json();
        const mine = (body.items as AdminPayout[]).filter((o) => o.hostId === hostId);
        for (const o of mine)
          if (o.state === 'in_progress' && !failed.has(o.providerPayoutId)) {
            failed.add(o.providerPayoutId);
            await outcome(page, o.providerPayoutId, 'Fail the payout', 'Cancelled');
          }
        return mine.filter((o) => o.state === 'failed').length;
      },
      { timeout: 2 * JOBS_MS, intervals: [1_000], message: `${n} payouts stuck` },
    )
    .toBe(n);
}

// The host's latest earning, read again until it matches.
export async function latestEarning(page: Page, text: RegExp) {
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
      { timeout: JOBS_MS, intervals: [1_000] },
    )
    .toMatch(text);
}

export const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
