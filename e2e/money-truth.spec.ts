import { expect, test } from './fixtures.ts';
import { createRental } from './helpers.ts';
import { type Account, fitsWidth, JOBS_MS, payoutsServerForSpec, shots, signedIn } from './payouts-kit.ts';

// Every amount, date and state a person reads is the one the server acts on (ADR 045), in a browser
// against a server of its own whose hold is 0.001 hours and whose jobs run every 2 s: a stay paid up
// front is paid out month by month, so ending early refunds the months not begun, and the form said
// so first; the cancel dialog states what cancelling refunds; no page says a hold it does not apply.
payoutsServerForSpec();

const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const addMonths = (start: string, months: number) => {
  const [y, m, d] = start.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  t.setUTCDate(Math.min(d, new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate()));
  return t.toISOString().slice(0, 10);
};

// A booking of `months` months from `start`, paid on the sandbox checkout as its Pay now posts it.
async function paidBooking(host: Account, grower: Account, extra: Record<string, unknown>, price = 120) {
  const listing = await createRental(host.page.request, `Beds ${Date.now().toString(36)}`, price, {
    bookingMode: 'instant',
    cancellationPolicy: 'flexible',
  });
  const made = await grower.page.request.post('/api/bookings', { data: { listingId: listing.id, ...extra } });
  expect(made.status(), await made.text()).toBe(201);
  const booking = (await made.json()) as { id: number };
  const pay = await grower.page.request.post(`/api/bookings/${booking.id}/pay`);
  expect(pay.status(), await pay.text()).toBe(200);
  const invoice = new URL((await pay.json()).hostedUrl).pathname.split('/').pop();
  const paid = await grower.page.request.post(`/sandbox/btcpay/i/${invoice}/pay`, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return booking.id;
}

test('ending early a stay paid up front refunds the month not begun, as the form said first', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await signedIn(browser, 1280, 900);
  const grower = await signedIn(browser, 375, 812);
  const id = await paidBooking(host, grower, { start: day(0), months: 3 });
  // The stay starts; month one's hold ends within seconds and its rent goes to the host's payouts.
  await expect
    .poll(
      async () => {
        const e = (await (await host.page.request.get('/api/users/me/payouts')).json()).items as {
          bookingId: number;
          state: string;
        }[];
        return e.filter((i) => i.bookingId === id && i.state !== 'upcoming').length;
      },
      { timeout: JOBS_MS, intervals: [1_000] },
    )
    .toBe(1);
  const page = grower.page;
  await page.goto(`/bookings/${id}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Active');
  await page.getByRole('button', { name: 'End the stay early' }).click();
  // The last day in month two: month three has not begun, and comes back.
  const endDate = addMonths(day(0), 2);
  const last = new Date(Date.parse(`${endDate}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
  await page.getByLabel('New last day').fill(last);
  await expect(page.getByTestId('end-early-refund')).toHaveText('Ending on this day gives you back $120.00.');
  await page.getByLabel('Reason').fill('Moving away for work.');
  await fitsWidth(page, 375);
  await page.screenshot({ path: shots('money-end-early-form-375'), fullPage: true });
  await page.getByRole('button', { name: 'Confirm the early end' }).click();
  await expect(page.getByText('Refunded $120.00', { exact: true })).toBeVisible();
  const detail = await (await page.request.get(`/api/bookings/${id}`)).json();
  expect(detail.payment.refundedAmount).toBe(12_000);

  // The host's Earnings: month one released, month two upcoming with its date, month three gone.
  const hp = host.page;
  await hp.goto('/earnings');
  const rows = hp.getByTestId('earning').filter({ hasText: `Booking #${id}` });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Held' })).toContainText('Goes out');
  await hp.screenshot({ path: shots('money-earnings-months-1280'), fullPage: true });
  await host.context.close();
  await grower.context.close();
});

test('the cancel dialog states what cancelling refunds: month one of a month-by-month booking', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await signedIn(browser, 1280, 900);
  const grower = await signedIn(browser, 375, 812);
  const id = await paidBooking(host, grower, { start: day(10), months: 6, paymentPlan: 'monthly' }, 100);
  const page = grower.page;
  await page.goto(`/bookings/${id}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Paid');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('You will get $100.00 back of the $106.00 you paid.');
  await expect(dialog).toContainText('This holds until');
  await page.screenshot({ path: shots('money-cancel-dialog-375') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shots('money-cancel-dialog-1280') });
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  const detail = await (await page.request.get(`/api/bookings/${id}`)).json();
  expect(detail.payment.refundedAmount).toBe(10_000);
  await host.context.close();
  await grower.context.close();
});

test('no page, in any language, says a hold the server does not apply (here 0.001 hours)', async ({
  browser,
}) => {
  const visitor = await signedIn(browser, 1280, 900);
  const page = visitor.page;
  for (const locale of ['', '/es', '/fr', '/de', '/ja'])
    for (const path of ['/terms', '/how-it-works', '/blog/rise-of-yardsharing']) {
      await page.goto(`${locale}${path}`);
      await expect(page.locator('main')).toContainText(/0[.,]001/);
      await expect(page.locator('main'), `${locale}${path}`).not.toContainText(
        /24\s?(hours|Stunden|horas|heures|時間)/,
      );
    }
  await visitor.context.close();
});
