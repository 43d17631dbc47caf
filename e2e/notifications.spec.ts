import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { linkIn, newUser, toastEl, verifyEmail, waitForMail } from './helpers.ts';

// Notifications (ADR 021) and the account lifecycle (ADR 022): the live bell, the notifications
// page, e-mail read from the real SMTP server beside the app, forgot password end to end.

const shots = (name: string) => `test-results/screens/${name}.png`;

type Account = {
  id: number;
  name: string;
  username: string;
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
};

async function account(browser: Browser, width = 1280): Promise<Account> {
  const context = await newContext(browser, { viewport: { width, height: width < 500 ? 812 : 900 } });
  const u = newUser();
  const res = await context.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(context.request, u.email);
  const body = (await res.json()) as { id: number };
  return {
    id: body.id,
    name: u.name,
    username: u.username,
    email: u.email,
    password: u.password,
    context,
    page: await context.newPage(),
  };
}

for (const width of [1280, 375]) {
  test(`a message raises the bell live, without reload; the notification opens the thread (${width} px)`, async ({
    browser,
  }) => {
    const ann = await account(browser);
    const bob = await account(browser, width);
    const streamOpen = bob.page.waitForResponse((r) => r.url().includes('/api/messages/stream'));
    await bob.page.goto('/');
    await streamOpen;
    const bell = bob.page.getByRole('link', { name: /^Notifications/ }).first();
    await expect(bell).toHaveAccessibleName('Notifications');
    // Live means by the stream: the bell's count is not fetched again, and could not be. (How fast
    // is measured by npm run bench:notifications, not here: the time is only noted below.)
    let polled = 0;
    await bob.page.route('**/api/notifications/unread-count', (route) => {
      polled += 1;
      return route.abort();
    });

    const sent = Date.now();
    const res = await ann.context.request.post('/api/messages', {
      data: { toUserId: bob.id, content: 'Hello Bob, is the plot by the fence still free?' },
    });
    expect(res.status()).toBe(201);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    const latency = Date.now() - sent;
    test.info().annotations.push({ type: 'bell latency', description: `${latency} ms` });
    expect(polled).toBe(0);
    await bob.page.unroute('**/api/notifications/unread-count');
    expect(bob.page.url()).toMatch(/\/$/); // no reload, no navigation
    await bob.page.screenshot({ path: shots(`bell-${width}`) });

    await bell.click();
    await bob.page.waitForURL('/notifications');
    const item = bob.page.getByTestId('notification').first();
    await expect(item).toContainText('Hello Bob');
    await bob.page.screenshot({ path: shots(`notifications-${width}`), fullPage: true });
    await item.click();
    await bob.page.waitForURL(`/messages/${ann.id}`);
    // The thread's message (on a phone the hidden conversation list repeats it as a preview).
    await expect(
      bob.page.getByTestId('message').filter({ hasText: 'Hello Bob, is the plot by the fence still free?' }),
    ).toBeVisible();
    await expect(bob.page.getByRole('link', { name: /^Notifications/ }).first()).toHaveAccessibleName(
      'Notifications',
    );
    await ann.context.close();
    await bob.context.close();
  });
}

test('a booking request notifies the host in the app and by e-mail; the e-mail renders on a phone', async ({
  browser,
}) => {
  const host = await account(browser);
  const grower = await account(browser);
  const created = await host.context.request.post('/api/listings', {
    data: {
      title: 'Orchard corner with raised beds',
      description: 'Three raised beds under two apple trees, water from a rain barrel.',
      type: 'rental',
      price: 60,
      location: '8 Orchard Way',
      city: 'Eugene',
      state: 'OR',
      amenities: ['Water'],
      images: [],
      bookingMode: 'request',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const listing = (await created.json()) as { id: number };
  await host.page.goto('/notifications');
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const booked = await grower.context.request.post('/api/bookings', {
    data: { listingId: listing.id, start, months: 2 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  // Live on the open page, at the top (the list is fetched only when the page opens, or when the
  // stream tells of a new one).
  await expect(host.page.getByTestId('notification').first()).toContainText('Orchard corner');

  const mail = await waitForMail(host.email, /request/i);
  expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=/);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.text).toContain('/bookings/');
  for (const width of [375, 1280]) {
    const view = await host.context.newPage();
    await view.setViewportSize({ width, height: 800 });
    await view.setContent(mail.html);
    // Nothing wider than the screen.
    expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await view.screenshot({ path: shots(`email-booking-request-${width}`), fullPage: true });
    await view.close();
  }
  await host.context.close();
  await grower.context.close();
});

test('forgot password end to end: the e-mailed link sets a new password and signs in', async ({
  browser,
}) => {
  const user = await account(browser, 375);
  // Signed out in a fresh browser, the way someone who forgot would arrive.
  const context = await newContext(browser, { viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/If an account uses that address/)).toBeVisible();
  await page.screenshot({ path: shots('forgot-password-375'), fullPage: true });

  const mail = await waitForMail(user.email, /password/i);
  const link = new URL(linkIn(mail, '/reset-password'));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-garden-9');
  await page.getByLabel('Confirm new password').fill('a-brand-new-garden-9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL('/');
  await expect(toastEl(page).getByText('Password changed')).toBeVisible();

  // The other browser's session ended; the old password no longer works, the new one does.
  expect((await user.context.request.get('/api/user')).status()).toBe(401);
  const old = await context.request.post('/api/login', {
    data: { username: user.username, password: user.password },
  });
  expect(old.status()).toBe(401);
  const fresh = await context.request.post('/api/login', {
    data: { username: user.username, password: 'a-brand-new-garden-9' },
  });
  expect(fresh.status()).toBe(200);
  // The link is single use.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('another-garden-pass-7');
  await page.getByLabel('Confirm new password').fill('another-garden-pass-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This link is not valid any more. Ask for a new one.').first()).toBeVisible();
  await context.close();
  await user.context.close();
});

test('account settings: e-mail choices per kind are saved, the export downloads, the sections fit a phone', async ({
  browser,
}) => {
  for (const width of [375, 1280]) {
    const me = await account(browser, width);
    await me.page.goto('/profile');
    await me.page.getByRole('tab', { name: 'Account Settings' }).click();
    const box = me.page.getByRole('checkbox', { name: 'Hours logged: Also by e-mail' });
    await expect(box).not.toBeChecked();
    await box.check();
    const saved = me.page.waitForResponse(
      (r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT',
    );
    await me.page.getByRole('button', { name: 'Save notification settings' }).click();
    expect((await saved).status()).toBe(200);
    const prefs = await (await me.context.request.get('/api/notifications/preferences')).json();
    expect(prefs.email.hours_logged).toBe(true);
    const download = me.page.waitForEvent('download');
    await me.page.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^yardshare-export-.+\.json$/);
    expect(await me.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await me.page.screenshot({ path: shots(`account-settings-${width}`), fullPage: true });
    await me.context.close();
  }
});
