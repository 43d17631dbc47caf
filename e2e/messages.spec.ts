import type { Browser, BrowserContext, Page } from '@playwright/test';
import { THREAD_POLL_MS } from '../src/shared/constants.ts';
import { expect, newContext, test } from './fixtures.ts';
import { animationsDone, newUser, toastEl, verifyEmail } from './helpers.ts';

// Until two people have exchanged a message, each sees only the other's first name.
const first = (name: string) => name.split(' ')[0];

type Account = { id: number; name: string; username: string; context: BrowserContext; page: Page };

// A signed-in browser context (registered through the API; the onboarding carousel already seen).
async function account(browser: Browser, width = 1280): Promise<Account> {
  const context = await newContext(browser, { viewport: { width, height: width < 500 ? 780 : 860 } });
  const u = newUser();
  const res = await context.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(context.request, u.email);
  const body = await res.json();
  return { id: body.id, name: u.name, username: u.username, context, page: await context.newPage() };
}

async function createListing(a: Account, title = 'Sunny backyard plot') {
  const res = await a.context.request.post('/api/listings', {
    data: {
      title,
      description: 'Raised beds, full sun, water on site.',
      type: 'rental',
      price: 120,
      workHours: null,
      location: '12 Elm St',
      city: 'Austin',
      state: 'TX',
      size: '200 sq ft',
      amenities: [],
      images: [],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

test('two users chat live: the recipient sees messages without reloading, unread counts come and go', async ({
  browser,
}) => {
  const ann = await account(browser);
  const bob = await account(browser);

  await bob.page.goto('/messages');
  await expect(bob.page.getByRole('heading', { name: 'No conversation selected' })).toBeVisible();
  await expect(bob.page.getByText('No conversations yet.')).toBeVisible();

  // /messages/:id opens with that conversation selected even before any message exists.
  await ann.page.goto(`/messages/${bob.id}`);
  await expect(ann.page.getByRole('heading', { name: first(bob.name), exact: true })).toBeVisible();
  await expect(ann.page.getByText(`No messages yet. Say hello to ${first(bob.name)}!`)).toBeVisible();
  const log = ann.page.getByRole('log');
  expect((await log.boundingBox())!.height).toBeGreaterThanOrEqual(500);

  // Empty text is blocked.
  const input = ann.page.getByLabel('Message', { exact: true });
  await input.fill('   ');
  await expect(ann.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input.press('Enter');
  await expect(ann.page.getByTestId('message')).toHaveCount(0);

  await input.fill('Hello Bob, is the plot still free?');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(ann.page.getByTestId('message')).toHaveCount(1);

  // Bob, who never reloaded, sees the conversation with an unread count, in the sidebar and the header.
  await expect(bob.page.getByRole('link', { name: new RegExp(ann.name) })).toBeVisible();
  await expect(bob.page.getByTestId('unread-count')).toHaveText(/1/);
  await bob.page.getByRole('button', { name: 'Account menu' }).click();
  await expect(bob.page.getByRole('menuitem', { name: /Messages/ }).getByTestId('header-unread')).toHaveText(
    /1/,
  );
  await bob.page.screenshot({ path: 'test-results/screens/messages-unread-1280.png' });
  await bob.page.keyboard.press('Escape');

  await bob.page.getByRole('link', { name: new RegExp(ann.name) }).click();
  await expect(bob.page).toHaveURL(new RegExp(`/messages/${ann.id}$`));
  await expect(bob.page.getByRole('log').getByText('Hello Bob, is the plot still free?')).toBeVisible();
  await expect(bob.page.getByTestId('unread-count')).toHaveCount(0);
  await bob.page.getByRole('button', { name: 'Account menu' }).click();
  await expect(bob.page.getByRole('menuitem', { name: /Messages/ }).getByTestId('header-unread')).toHaveCount(
    0,
  );
  await bob.page.keyboard.press('Escape');

  // Shift+Enter makes a new line; Enter sends. The reply reaches Ann live, shown as text.
  const bobInput = bob.page.getByLabel('Message', { exact: true });
  await bobInput.fill('Yes it is!');
  await bobInput.press('Shift+Enter');
  await bobInput.pressSequentially('<b>Come by</b> on Saturday');
  await expect(bobInput).toHaveValue('Yes it is!\n<b>Come by</b> on Saturday');
  // Ann's open thread marks the reply read: the last thing that touches her cached thread.
  const annRead = ann.page.waitForResponse((r) => r.url().endsWith(`/api/messages/${bob.id}/read`));
  await bobInput.press('Enter');
  await expect(ann.page.getByRole('log').getByText('<b>Come by</b> on Saturday')).toBeVisible();
  await annRead;
  // Still one copy of each after the stream and the sender's own answer both delivered them.
  await expect(ann.page.getByTestId('message')).toHaveCount(2);
  await expect(bob.page.getByTestId('message')).toHaveCount(2);

  // The filter on name or username.
  await ann.page.getByLabel('Search conversations').fill(bob.username.slice(-6));
  await expect(
    ann.page.getByRole('complementary').getByRole('link', { name: new RegExp(bob.name) }),
  ).toBeVisible();
  await ann.page.getByLabel('Search conversations').fill('nobody-matches-this');
  await expect(ann.page.getByText('No conversations match')).toBeVisible();
  await ann.page.getByLabel('Search conversations').fill('');

  await ann.page.screenshot({ path: 'test-results/screens/messages-thread-1280.png' });
  await bob.page.goto('/messages');
  await expect(bob.page.getByRole('heading', { name: 'No conversation selected' })).toBeVisible();
  await bob.page.screenshot({ path: 'test-results/screens/messages-empty-1280.png' });

  // Failing sends say so.
  await ann.page.route('**/api/messages', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, body: '{"message":"Internal server error"}' })
      : route.continue(),
  );
  await input.fill('this one fails');
  await input.press('Enter');
  await expect(toastEl(ann.page).getByText('Failed to send message')).toBeVisible();
  await expect(input).toHaveValue('this one fails');
  await ann.context.close();
  await bob.context.close();
});

test('with the live stream down, the spec polling still delivers (no loss, no duplicates)', async ({
  browser,
}) => {
  const ann = await account(browser);
  const bob = await account(browser);
  // Bob's page runs on a clock the test moves: the poll comes when told, not after 5 real seconds.
  await bob.page.clock.install();
  await bob.page.route('**/api/messages/stream', (route) => route.abort());
  await bob.page.goto(`/messages/${ann.id}`);
  await expect(bob.page.getByText(`No messages yet. Say hello to ${first(ann.name)}!`)).toBeVisible();
  for (const content of ['first while down', 'second while down']) {
    expect(
      (await ann.context.request.post('/api/messages', { data: { toUserId: bob.id, content } })).status(),
    ).toBe(201);
  }
  // The open thread is polled every 5 s: 5 s pass.
  await bob.page.clock.fastForward(THREAD_POLL_MS);
  await expect(bob.page.getByRole('log').getByText('second while down')).toBeVisible();
  await expect(bob.page.getByTestId('message')).toHaveCount(2);
  // The stream comes back: the next message arrives live, and nothing is doubled.
  await bob.page.unroute('**/api/messages/stream');
  const streamOpen = bob.page.waitForResponse(
    (r) => r.url().includes('/api/messages/stream') && r.status() === 200,
  );
  await bob.page.reload();
  // (The server counts a stream in once it has answered: from then on it gets each new message.)
  await streamOpen;
  await expect(bob.page.getByTestId('message')).toHaveCount(2);
  // Live means by the stream: the thread is not fetched again, and could not be.
  let refetched = 0;
  await bob.page.route(`**/api/messages/${ann.id}`, (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    refetched += 1;
    return route.abort();
  });
  await ann.context.request.post('/api/messages', { data: { toUserId: bob.id, content: 'third, live' } });
  await expect(bob.page.getByRole('log').getByText('third, live')).toBeVisible();
  await expect(bob.page.getByTestId('message')).toHaveCount(3);
  expect(refetched).toBe(0);
  await ann.context.close();
  await bob.context.close();
});

test('phone layout: the sidebar and the thread take turns', async ({ browser }) => {
  const ann = await account(browser, 375);
  const bob = await account(browser, 375);
  await ann.context.request.post('/api/messages', { data: { toUserId: bob.id, content: 'Hi from a phone' } });
  await bob.page.goto('/messages');
  await expect(bob.page.getByRole('heading', { name: 'No conversation selected' })).toBeHidden();
  await expect(bob.page.getByTestId('unread-count')).toHaveText(/1/);
  await bob.page.screenshot({ path: 'test-results/screens/messages-list-375.png' });
  // The drawer's Messages link carries the count too.
  await bob.page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    bob.page
      .getByRole('dialog')
      .getByRole('link', { name: /Messages/ })
      .getByTestId('header-unread'),
  ).toHaveText(/1/);
  await animationsDone(bob.page); // the slide-in
  await bob.page.screenshot({ path: 'test-results/screens/messages-drawer-375.png' });
  await bob.page.keyboard.press('Escape');
  await bob.page.getByRole('link', { name: new RegExp(ann.name) }).click();
  await expect(bob.page.getByRole('log').getByText('Hi from a phone')).toBeVisible();
  await expect(bob.page.getByLabel('Search conversations')).toBeHidden();
  const width = await bob.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await bob.page.getByLabel('Message', { exact: true }).fill('Replying from my phone');
  await bob.page.getByRole('button', { name: 'Send message' }).click();
  await expect(bob.page.getByTestId('message')).toHaveCount(2);
  await bob.page.screenshot({ path: 'test-results/screens/messages-thread-375.png' });
  await bob.page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(bob.page).toHaveURL(/\/messages$/);
  await expect(bob.page.getByLabel('Search conversations')).toBeVisible();
  await ann.context.close();
  await bob.context.close();
});

test('Contact Host: signed out, own listing, and someone else’s listing', async ({ browser }) => {
  const host = await account(browser);
  const listing = await createListing(host);

  // Signed out.
  const anon = await newContext(browser);
  await anon.addInitScript(() => window.localStorage.setItem('onboardingComplete', 'true'));
  const anonPage = await anon.newPage();
  await anonPage.goto(`/listings/${listing.id}`);
  await anonPage.getByRole('button', { name: 'Contact Host' }).click();
  await expect(toastEl(anonPage).getByText('Authentication required')).toBeVisible();
  await expect(toastEl(anonPage).getByText('Please log in to contact the host.')).toBeVisible();
  await expect(anonPage).toHaveURL(`/auth?next=/listings/${listing.id}`);

  // The host on their own listing.
  await host.page.goto(`/listings/${listing.id}`);
  await host.page.getByRole('button', { name: 'Contact Host' }).click();
  await expect(toastEl(host.page).getByText('Action not allowed')).toBeVisible();
  await expect(toastEl(host.page).getByText('You cannot message yourself.')).toBeVisible();
  await expect(host.page).toHaveURL(new RegExp(`/listings/${listing.id}$`));

  // Another user: the conversation opens, selected, with no message yet.
  const grower = await account(browser);
  await grower.page.goto(`/listings/${listing.id}`);
  await grower.page.getByRole('button', { name: 'Contact Host' }).click();
  await expect(grower.page).toHaveURL(new RegExp(`/messages/${host.id}\\?listing=${listing.id}$`));
  await expect(grower.page.getByRole('heading', { name: first(host.name), exact: true })).toBeVisible();
  await expect(grower.page.getByRole('complementary').getByText('New conversation')).toBeVisible();
  await anon.close();
  await host.context.close();
  await grower.context.close();
});
