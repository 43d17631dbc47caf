import type { Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { createRental, newUser, verifyEmail } from './helpers.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

// Month-by-month rent in a browser (ADR 040): a grower books three months paying monthly, pays
// month one in the sandbox checkout; the month-two invoice arrives (the rent.invoices job of a
// server of its own, where invoices are written 31 days ahead, so at its next run) and is paid from
// the booking page.
const shots = (name: string) => `test-results/screens/${name}.png`;
const JOBS_MS = 150_000;
let server: OwnServer | null = null;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const base = new URL(String(test.info().project.use.baseURL));
  const port = Number(base.port) + 5;
  origin = `http://127.0.0.1:${port}`;
  server = await startOwnServer({
    name: 'monthly-rent',
    origin,
    timeoutMs: 90_000,
    env: (dataDir) => ({
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      RENT_INVOICE_DAYS_BEFORE: '31',
      // The e2e mail catcher beside the main test server (e2e-server.mjs), as payouts-kit.ts uses it.
      SMTP_URL: `smtp://127.0.0.1:${Number(base.port) + 100}`,
    }),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: import('@playwright/test').Browser, width: number, height: number) {
  const context = await newContext(browser, { viewport: { width, height }, baseURL: origin });
  const page = await context.newPage();
  const u = newUser();
  const res = await page.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(page.request, u.email);
  return { context, page };
}

async function payOnSandbox(page: Page) {
  await page.waitForURL(/\/sandbox\/btcpay\/i\//);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL((u) => u.pathname === '/payment/success');
}

test('a grower pays a three-month rental month by month: month one at booking, month two from its invoice', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const host = await signedIn(browser, 1280, 900);
  const listing = (await createRental(host.page.request, `Monthly beds ${Date.now().toString(36)}`, 120)).id;
  const { page, context } = await signedIn(browser, 375, 812);

  // The form offers both ways to pay, with what each charges now.
  await page.goto(`/listings/${listing}`);
  await page.getByLabel('Months', { exact: true }).selectOption('3');
  await expect(page.getByText('$381.60 now')).toBeVisible();
  await page.getByText('Month by month', { exact: true }).click();
  await expect(
    page.getByText('$127.20 now for the first month, then $127.20 before each month begins'),
  ).toBeVisible();
  await page.screenshot({ path: shots('monthly-form-375'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shots('monthly-form-1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Book and pay $127.20' }).click();
  await payOnSandbox(page);
  const bookingId = new URL(page.url()).searchParams.get('booking');
  expect(bookingId).toMatch(/^\d+$/);

  // The booking page: month one paid; month two's invoice comes with the next run of the job.
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByTestId('rent-month-1')).toHaveText('Paid');
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('rent-month-2').textContent();
      },
      { timeout: JOBS_MS, intervals: [5_000] },
    )
    .toBe('Due');
  await expect(page.getByTestId('rent-month-3')).toHaveText('Upcoming');
  const notes = await (await page.request.get('/api/notifications')).json();
  const items = (notes.items ?? notes) as { kind: string; title: string }[];
  expect(items.filter((n) => n.kind === 'rent_due')).toHaveLength(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: shots('monthly-due-375'), fullPage: true });

  // Paid from the month's own Pay button, through the same checkout.
  await page.getByTestId('rent-months').getByRole('button', { name: 'Pay $127.20' }).click();
  await payOnSandbox(page);
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByTestId('rent-month-2')).toHaveText('Paid');
  await expect(page.getByTestId('rent-month-3')).toHaveText('Upcoming');
  await page.screenshot({ path: shots('monthly-paid-375'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shots('monthly-paid-1280'), fullPage: true });
  // In German: the months and their states in the reader's language.
  await page.goto(`/de/bookings/${bookingId}`);
  await expect(page.getByTestId('rent-month-2')).toHaveText('Bezahlt');
  await expect(page.getByText('Monatsmiete', { exact: true })).toBeVisible();
  await page.screenshot({ path: shots('monthly-paid-de-1280'), fullPage: true });

  // Two payments of one month each, each held on its own.
  const pays = await (await page.request.get('/api/payments')).json();
  const mine = (pays.asRenter as { bookingId: number; total: number; status: string }[]).filter(
    (p) => p.bookingId === Number(bookingId),
  );
  expect(mine.map((p) => [p.total, p.status])).toEqual([
    [12_720, 'completed'],
    [12_720, 'completed'],
  ]);
  await context.close();
  await host.context.close();
});
