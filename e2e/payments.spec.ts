import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createRental, newUser, toastEl, verifyEmail } from './helpers.ts';

const shots = (name: string) => `test-results/screens/${name}.png`;

// A signed-in browser context for a new user (registered through the API: its cookie lands in the context).
async function newContext(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  // The first-visit onboarding modal is not what these tests are about.
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('onboardingComplete', 'true');
    } catch {
      // no storage on about:blank
    }
  });
  return context;
}

async function signedIn(browser: Browser, width: number, height: number) {
  const context = await newContext(browser, width, height);
  const page = await context.newPage();
  const u = newUser();
  const res = await page.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(page.request, u.email);
  return { context, page, user: (await res.json()) as { id: number; name: string } };
}

const openPaymentsTab = async (page: Page) => {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Payments' }).click();
};

test('a renter pays through the sandbox and sees it completed; the host sees it held with its release time', async ({
  browser,
}) => {
  // Two users, four pages and eight screenshots: more than the default 30 s on a shared machine.
  test.setTimeout(90_000);
  const host = await signedIn(browser, 1280, 900);
  const title = `Sunny beds ${Date.now().toString(36)}`;
  const listing = await createRental(host.page.request, title, 120);

  // The owner does not get a pay button on their own listing.
  await host.page.goto(`/listings/${listing.id}`);
  await expect(host.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(host.page.getByRole('button', { name: /Pay with Crypto/ })).toHaveCount(0);

  // Signed out: no pay button either.
  const anon = await newContext(browser, 1280, 900);
  const anonPage = await anon.newPage();
  await anonPage.goto(`/listings/${listing.id}`);
  await expect(anonPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(anonPage.getByRole('button', { name: /Pay with Crypto/ })).toHaveCount(0);
  await anon.close();

  // The renter, on a phone.
  const renter = await signedIn(browser, 375, 812);
  const page = renter.page;
  await page.goto(`/listings/${listing.id}`);
  const pay = page.getByRole('button', { name: 'Pay with Crypto ($120.00 + 6% fee)' });
  await expect(pay).toBeVisible();
  await expect(page.getByLabel('Rental start date (optional)')).toBeVisible();
  // Nothing pushes the phone layout sideways (the long button label wraps).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await pay.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('payments-pay-button-375') });

  await pay.click();
  await page.waitForURL(/\/sandbox\/btcpay\/i\//);
  await expect(page.getByText('TEST MODE: sandbox checkout. No real money is charged.')).toBeVisible();
  await expect(page.getByText('$127.20')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.screenshot({ path: shots('payments-sandbox-checkout-375'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shots('payments-sandbox-checkout-1280') });
  await page.setViewportSize({ width: 375, height: 812 });

  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL((u) => u.pathname === '/payment/success' && u.searchParams.has('booking'));
  const successUrl = page.url();
  const bookingId = Number(new URL(successUrl).searchParams.get('booking'));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('may take a few minutes to be confirmed on the blockchain')).toBeVisible();
  // The booking paid, its payment's state from the server, and the hold until the server's releaseAt.
  const paidBooking = page.getByTestId('paid-booking');
  await expect(paidBooking.getByText('Status: Completed')).toBeVisible();
  await expect(paidBooking.getByText(title)).toBeVisible();
  await expect(paidBooking.getByText(`Booking #${bookingId}`)).toBeVisible();
  await expect(paidBooking.getByRole('link', { name: 'View booking' })).toHaveAttribute(
    'href',
    `/bookings/${bookingId}`,
  );
  await expect(paidBooking.getByText('Confirmed: your payment is complete.')).toBeVisible();
  const renterView = (
    (await (await page.request.get('/api/payments')).json()) as {
      asRenter: { bookingId: number; releaseAt: string }[];
    }
  ).asRenter.find((p) => p.bookingId === bookingId);
  await expect(paidBooking.getByTestId('held')).toContainText('Held by Yardshare until');
  await expect(paidBooking.getByTestId('held')).toContainText('The host is paid only after that.');
  await expect(paidBooking.locator('time')).toHaveAttribute('datetime', renterView!.releaseAt);
  await expect(page.getByText(/paid to the host/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: shots('payments-success-375'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shots('payments-success-1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page).toHaveTitle('Payment Successful! | Yardshare');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  await page.getByRole('link', { name: 'View Your Profile' }).click();
  await page.waitForURL('/profile');
  await page.getByRole('tab', { name: 'Payments' }).click();
  const mine = page.getByRole('listitem').filter({ hasText: title });
  await expect(mine.getByText('Completed')).toBeVisible();
  await expect(mine.getByText('$127.20')).toBeVisible();
  await expect(mine.getByText('$7.20')).toBeVisible();
  await page.screenshot({ path: shots('payments-tab-renter-375'), fullPage: true });

  // The host: held until 24 h after the rental start (here the confirmation time).
  const api = await host.page.request.get('/api/payments');
  const held = (
    (await api.json()) as {
      asHost: { listingTitle: string; releaseAt: string; payout: string; confirmedAt: string }[];
    }
  ).asHost.find((p) => p.listingTitle === title);
  expect(held?.payout).toBe('held');
  expect(Date.parse(held!.releaseAt) - Date.parse(held!.confirmedAt)).toBe(24 * 3_600_000);
  await openPaymentsTab(host.page);
  const theirs = host.page.getByRole('listitem').filter({ hasText: title });
  await expect(theirs.getByText('Completed')).toBeVisible();
  await expect(theirs.getByTestId('payout')).toContainText('Held until');
  await expect(theirs.locator('time')).toHaveAttribute('datetime', held!.releaseAt);
  await expect(theirs.getByText('Your payout')).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Refund renter' })).toBeVisible();
  await host.page.screenshot({ path: shots('payments-tab-host-1280'), fullPage: true });
  await host.page.setViewportSize({ width: 375, height: 812 });
  await host.page.screenshot({ path: shots('payments-tab-host-375'), fullPage: true });
  await host.page.setViewportSize({ width: 1280, height: 900 });

  // Someone else's payment, or a signed-out visitor: only the spec's texts.
  await host.page.goto(successUrl);
  await expect(host.page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await host.page.waitForLoadState('networkidle');
  await expect(host.page.getByTestId('paid-booking')).toHaveCount(0);
  const anon2 = await newContext(browser, 1280, 900);
  const anonPage2 = await anon2.newPage();
  await anonPage2.goto(successUrl);
  await expect(anonPage2.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(anonPage2.getByText('may take a few minutes to be confirmed on the blockchain')).toBeVisible();
  await anonPage2.waitForLoadState('networkidle');
  await expect(anonPage2.getByTestId('paid-booking')).toHaveCount(0);
  await anon2.close();
  await openPaymentsTab(host.page);

  // The host refunds while the money is held.
  await theirs.getByRole('button', { name: 'Refund renter' }).click();
  await host.page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expect(toastEl(host.page).getByText('Payment refunded')).toBeVisible();
  await expect(theirs.getByText('Refunded').first()).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Refund renter' })).toHaveCount(0);

  await host.context.close();
  await renter.context.close();
});

test('cancelling on the checkout lands on the cancel page; a stale price shows a Payment Error toast', async ({
  browser,
}) => {
  const host = await signedIn(browser, 1280, 900);
  const title = `Shady plot ${Date.now().toString(36)}`;
  const listing = await createRental(host.page.request, title, 85);
  const renter = await signedIn(browser, 1280, 900);
  const page = renter.page;

  await page.goto(`/listings/${listing.id}`);
  await page.getByRole('button', { name: 'Pay with Crypto ($85.00 + 6% fee)' }).click();
  await page.waitForURL(/\/sandbox\/btcpay\/i\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL('/payment/cancel');
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('no charges were made')).toBeVisible();
  await expect(page.getByRole('link', { name: 'contact support' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Listings' })).toBeVisible();
  await page.screenshot({ path: shots('payments-cancel-1280') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: shots('payments-cancel-375') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The host changes the price while the renter's page still shows the old one.
  await page.goto(`/listings/${listing.id}`);
  const stale = page.getByRole('button', { name: 'Pay with Crypto ($85.00 + 6% fee)' });
  await expect(stale).toBeVisible();
  const patched = await host.page.request.patch(`/api/listings/${listing.id}`, { data: { price: 95 } });
  expect(patched.status(), await patched.text()).toBe(200);
  await stale.click();
  await expect(toastEl(page).getByText('Payment Error')).toBeVisible();
  await expect(toastEl(page).getByText(/The price of this listing is \$95\.00 a month/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/listings/${listing.id}$`));
  await page.screenshot({ path: shots('payments-error-toast-1280') });

  await host.context.close();
  await renter.context.close();
});
