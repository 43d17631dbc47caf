import { createHmac } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createRental, newUser, verifyEmail } from './helpers.ts';

// Paying through Coinbase Business (ADR 046): the app runs with PAYMENT_PROVIDER=coinbase against a
// test Coinbase on the next port (scripts/e2e-coinbase.mjs), which serves the hosted checkout page
// a payer pays on and signs its webhooks as Hook0 does. Its /_control routes let the test look at
// what it holds, make a create answer late, expire a checkout and hand over an old event.

const shots = (name: string) => `test-results/screens/${name}.png`;
const fakeUrl = () => {
  const app = new URL(String(test.info().project.use.baseURL));
  return `http://127.0.0.1:${Number(app.port) + 1}`;
};
type Checkout = { id: string; status: string; amount: string; metadata?: Record<string, string> };
type Control = {
  checkouts: Checkout[];
  creates: number;
  deliveries: {
    event: string;
    checkoutId: string;
    status: number | null;
    headers: Record<string, string>;
    body: string;
  }[];
};
const control = async (): Promise<Control> => (await fetch(`${fakeUrl()}/_control/checkouts`)).json();

async function signedIn(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 850 } });
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('onboardingComplete', 'true');
    } catch {
      // no storage on about:blank
    }
  });
  const page = await context.newPage();
  const u = newUser();
  expect((await page.request.post('/api/register', { data: u })).status()).toBe(201);
  await verifyEmail(page.request, u.email);
  return { context, page };
}

test('a grower books and pays on the Coinbase checkout; one checkout though the first create timed out; forged, old and repeated events change nothing; an expired checkout frees the booking to pay again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await signedIn(browser, 1280);
  const title = `Coinbase beds ${Date.now().toString(36)}`;
  const listing = await createRental(host.page.request, title, 120, { bookingMode: 'instant' });

  const { page, context } = await signedIn(browser, 375);
  await page.goto(`/listings/${listing.id}`);
  const card = page.getByRole('form', { name: 'Book this space' });
  await card.getByLabel('Months', { exact: true }).selectOption('2');
  await expect(card.getByTestId('booking-total')).toHaveText('$254.40');
  // The first create is made at Coinbase but answered after our 2 s timeout: it is sent again
  // under the same idempotency key, and Coinbase answers the checkout it made.
  const before = await control();
  expect((await fetch(`${fakeUrl()}/_control/slow-create?ms=3000`, { method: 'POST' })).status).toBe(200);
  await card.getByRole('button', { name: 'Book and pay $254.40' }).click();
  await page.waitForURL(/\/pay\/[0-9a-f]{24}$/, { timeout: 20_000 });
  const checkoutId = page.url().split('/').at(-1)!;
  const after = await control();
  expect(after.creates - before.creates).toBe(2);
  const made = after.checkouts.filter((c) => !before.checkouts.some((b) => b.id === c.id));
  expect(made.map((c) => c.id)).toEqual([checkoutId]);
  expect(made[0]).toMatchObject({ amount: '254.40', status: 'ACTIVE' });
  const bookingId = made[0].metadata?.bookingId;
  expect(bookingId).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'Pay 254.40 USDC on Base' })).toBeVisible();
  await page.screenshot({ path: shots('coinbase-checkout-375'), fullPage: true });

  // Paying: Coinbase signs the success event; the app checks it and reads the checkout back.
  await page.getByRole('button', { name: 'Pay 254.40 USDC' }).click();
  await expect(page.getByRole('status')).toHaveText(/Payment complete/);
  const delivered = (await control()).deliveries.filter((d) => d.checkoutId === checkoutId);
  expect(delivered.map((d) => [d.event, d.status])).toEqual([['checkout.payment.success', 200]]);
  await page.goto(`/bookings/${bookingId}`);
  // Starting today, the paid stay is under way at once; its payment is held.
  await expect(page.getByText(/^Payment: Paid; payout held until/)).toBeVisible();
  await page.screenshot({ path: shots('coinbase-paid-375'), fullPage: true });

  // The same event again: received, applied once.
  const d = delivered[0];
  const again = await page.request.post('/api/payments/webhook/coinbase', {
    headers: d.headers,
    data: d.body,
  });
  expect(await again.json()).toMatchObject({ outcome: 'duplicate' });

  // A second booking, not paid: a forged and an old success event are refused, and it stays unpaid.
  const second = await createRental(host.page.request, `${title} 2`, 90, { bookingMode: 'instant' });
  const booked = await page.request.post('/api/bookings', {
    data: { listingId: second.id, start: new Date().toISOString().slice(0, 10), months: 1 },
  });
  expect(booked.status()).toBe(201);
  const b2 = (await booked.json()) as { id: number };
  const pay = await page.request.post(`/api/bookings/${b2.id}/pay`);
  expect(pay.status(), await pay.text()).toBe(200);
  const id2 = String((await pay.json()).hostedUrl)
    .split('/')
    .at(-1)!;
  const c2 = (await control()).checkouts.find((c) => c.id === id2)!;
  const body = JSON.stringify({ ...c2, status: 'COMPLETED', eventType: 'checkout.payment.success' });
  const t = String(Math.floor(Date.now() / 1000));
  const headers = { 'content-type': 'application/json', 'x-hook0-id': 'evt_forged' };
  const v1 = createHmac('sha256', 'a guessed secret')
    .update(`${t}.content-type x-hook0-id.application/json.evt_forged.${body}`)
    .digest('hex');
  const forged = await page.request.post('/api/payments/webhook/coinbase', {
    headers: { ...headers, 'x-hook0-signature': `t=${t},h=content-type x-hook0-id,v1=${v1}` },
    data: body,
  });
  expect(forged.status()).toBe(400);
  const stale = await (await fetch(`${fakeUrl()}/_control/stale/${id2}`)).json();
  const old = await page.request.post('/api/payments/webhook/coinbase', {
    headers: stale.headers,
    data: stale.body,
  });
  expect(old.status()).toBe(400);
  expect((await old.json()).message).toMatch(/5 minutes/);
  const status2 = async () =>
    ((await (await page.request.get(`/api/bookings/${b2.id}`)).json()) as { status: string }).status;
  expect(await status2()).toBe('accepted');

  // The checkout expires unpaid: the payment fails, as an expired BTCPay invoice's does, and the
  // booking asks for a new checkout, which is a new one.
  expect((await fetch(`${fakeUrl()}/_control/expire/${id2}`, { method: 'POST' })).status).toBe(200);
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/payments')).json()) as {
        asRenter: { status: string }[];
      };
      return list.asRenter.map((p) => p.status);
    })
    .toContain('failed');
  expect(await status2()).toBe('accepted');
  const retry = await page.request.post(`/api/bookings/${b2.id}/pay`);
  expect(retry.status()).toBe(200);
  expect(String((await retry.json()).hostedUrl)).not.toContain(id2);
  await context.close();
  await host.context.close();
});
