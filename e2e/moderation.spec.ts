import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { axeProblems, newUser, toastEl, verifyEmail } from './helpers.ts';

// Trust and safety (issue 22, ADR 029): reports, the operator console, suspension, blocking and the
// off-platform payment warning. Screenshots go to test-results/screens (never committed).

const shots = (name: string) => `test-results/screens/${name}.png`;
const run = promisify(execFile);

type Account = {
  id: number;
  name: string;
  username: string;
  password: string;
  context: BrowserContext;
  page: Page;
};

// A signed-in browser context (registered through the API, address confirmed).
async function account(browser: Browser, width = 1280): Promise<Account> {
  const context = await newContext(browser, { viewport: { width, height: width < 500 ? 800 : 900 } });
  const u = newUser();
  const res = await context.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(context.request, u.email);
  const body = await res.json();
  return { id: body.id, ...u, context, page: await context.newPage() };
}

async function createListing(a: Account, title: string, city: string) {
  const res = await a.context.request.post('/api/listings', {
    data: {
      title,
      description: 'Four raised beds behind the house, water from the rain barrels, morning sun.',
      type: 'rental',
      price: 60,
      workHours: null,
      location: '9 Orchard Ln',
      city,
      state: 'OR',
      size: '120 sq ft',
      amenities: ['Raised beds'],
      images: [],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

// The data folder of the server under test: the e2e server's throwaway PGlite folder whose lock
// is held by the process listening on our port (scripts/e2e-server.mjs, src/server/db/client.ts).
function serverDataDir(): string {
  const port = new URL(String(test.info().project.use.baseURL)).port;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('yardshare-e2e-')) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      const pid = Number(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8').trim());
      const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (env.includes(`PORT=${port}`) && env.includes(`DATA_DIR=${dir}`)) return dir;
    } catch {
      // not a live server's folder
    }
  }
  throw new Error(`no running e2e server on port ${port} found in ${os.tmpdir()}`);
}

// `npm run admin -- grant <username>`, as an operator would type it beside the running server: the
// embedded database is the server's, so the command hands the request over to it.
async function grantAdmin(username: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: serverDataDir(), NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'grant', username], { env });
  expect(stdout).toContain(`${username} is now an admin.`);
}

// Signs in through the form, as a person would.
async function signIn(page: Page, a: { username: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(a.username);
  await page.getByLabel('Password', { exact: true }).fill(a.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function adminAccount(browser: Browser): Promise<Account> {
  const admin = await account(browser);
  await grantAdmin(admin.username);
  // A fresh context, signed in through the form.
  await admin.context.close();
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, admin);
  await page.waitForURL('/');
  return { ...admin, context, page };
}

test('a member reports a listing; an admin hides it from the queue; it leaves search; the audit log shows it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const host = await account(browser);
  const tag = Date.now().toString(36);
  const title = `Quince corner plot ${tag}`;
  const listing = await createListing(host, title, 'Corvallis');

  // The listing is found by search before anything happens.
  const visitor = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const search = await visitor.newPage();
  await search.goto(`/listings?q=${encodeURIComponent(`quince ${tag}`)}`);
  await expect(search.getByText(title)).toBeVisible();

  // A member, on a phone, reports it.
  const member = await account(browser, 375);
  await member.page.goto(`/listings/${listing.id}`);
  await expect(member.page.getByRole('heading', { name: title })).toBeVisible();
  await member.page.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = member.page.getByRole('dialog', { name: 'Report this listing' });
  await expect(dialog).toBeVisible();
  // A reason is needed.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByLabel('Scam or payment outside Yardshare').check();
  await dialog
    .getByLabel('What happened? (optional)')
    .fill('The host asked me to pay a deposit by bank transfer before visiting.');
  await member.page.screenshot({ path: shots('report-dialog-375') });
  expect(await axeProblems(member.page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(member.page.getByRole('heading', { name: 'Thanks, we have your report' })).toBeVisible();
  await expect(member.page.getByText('Our team will review your report')).toBeVisible();
  await expect(toastEl(member.page).getByText('Report sent')).toBeVisible();
  await member.page.screenshot({ path: shots('report-sent-375') });
  await member.page.getByRole('button', { name: 'Done' }).click();
  await expect(member.page.getByRole('dialog')).toHaveCount(0);

  // A second report while the first is open: kindly told it is already with us (the API's 409).
  await member.page.getByRole('button', { name: 'Report this listing' }).click();
  await member.page.getByLabel('Spam').check();
  await member.page.getByRole('button', { name: 'Send report' }).click();
  await expect(member.page.getByRole('heading', { name: 'You have already reported this' })).toBeVisible();
  await member.page.keyboard.press('Escape');

  // The host sees no Report button on their own listing.
  await host.page.goto(`/listings/${listing.id}`);
  await expect(host.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(host.page.getByRole('button', { name: 'Report this listing' })).toHaveCount(0);

  // The console is a 404 for members and for signed-out visitors.
  await member.page.goto('/admin');
  await expect(member.page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  expect((await member.context.request.get('/api/admin/reports')).status()).toBe(404);
  await search.goto('/admin/users');
  await expect(search.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

  // An admin (made on the command line) signs in and finds the report in the queue.
  const admin = await adminAccount(browser);
  const { page } = admin;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Operator console' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  const report = page.getByTestId('admin-report').filter({ hasText: title });
  await expect(report).toBeVisible();
  await expect(report.getByText('Scam or payment outside Yardshare')).toBeVisible();
  await expect(report.getByText('deposit by bank transfer')).toBeVisible();
  await report.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('admin-queue-1280'), fullPage: true });
  expect(await axeProblems(page)).toEqual([]);

  // Hiding asks for a reason first.
  await report.getByRole('button', { name: 'Hide listing' }).click();
  const hide = page.getByRole('dialog', { name: `Hide “${title}”?` });
  await hide.getByRole('button', { name: 'Hide listing' }).click();
  await expect(hide.getByText('A reason is required')).toBeVisible();
  await hide.getByLabel('Reason (kept in the audit log)').fill('Asks for payment outside Yardshare.');
  await expect(hide.getByText('A reason is required')).toHaveCount(0);
  await page.screenshot({ path: shots('admin-reason-1280') });
  expect(await axeProblems(page)).toEqual([]);
  await hide.getByRole('button', { name: 'Hide listing' }).click();
  await expect(hide).toHaveCount(0);
  await expect(toastEl(page).getByText('Listing hidden')).toBeVisible();
  // Closed: out of the open queue, in the closed one with its resolution.
  await expect(page.getByTestId('admin-report').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('button', { name: 'Closed' }).click();
  await expect(
    page
      .getByTestId('admin-report')
      .filter({ hasText: title })
      .getByText(/Acted on by @/),
  ).toBeVisible();

  // Gone from search and from its page.
  await search.goto(`/listings?q=${encodeURIComponent(`quince ${tag}`)}`);
  await expect(search.getByText('No listings found')).toBeVisible();
  await expect(search.getByText(title)).toHaveCount(0);
  await search.goto(`/listings/${listing.id}`);
  await expect(search.getByText('Error Loading Listing')).toBeVisible();

  // The audit log says who did it, to what, and why.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const entry = page.getByTestId('audit-entry').filter({ hasText: `listing #${listing.id}` });
  await expect(entry.getByText('Hid listing')).toBeVisible();
  await expect(entry.getByText(`@${admin.username}`)).toBeVisible();
  await expect(entry.getByText('Asks for payment outside Yardshare.')).toBeVisible();
  await expect(
    page.getByTestId('audit-entry').filter({ hasText: 'Made admin (command line)' }).first(),
  ).toBeVisible();
  await page.screenshot({ path: shots('admin-audit-1280'), fullPage: true });
  expect(await axeProblems(page)).toEqual([]);

  // The host's page in the console: the hidden listing, the report about them, the action.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill(host.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(host.name) }).click();
  await expect(page.getByRole('heading', { name: host.name })).toBeVisible();
  await expect(page.getByText('Hidden by Yardshare')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Reports about them/ })).toContainText('(1)');
  await page.screenshot({ path: shots('admin-user-1280'), fullPage: true });
  expect(await axeProblems(page)).toEqual([]);
  // Including the action on their listing.
  await expect(page.getByTestId('audit-entry').filter({ hasText: 'Hid listing' })).toBeVisible();

  // The host still finds it in My Listings, marked, with no edit or delete.
  await host.page.goto('/profile');
  const mine = host.page.getByRole('listitem').filter({ hasText: title });
  await expect(mine.getByText('Hidden by Yardshare')).toBeVisible();
  await expect(mine.getByText('It broke our rules, so nobody can see it.')).toBeVisible();
  await expect(mine.getByRole('link', { name: `Edit ${title}` })).toHaveCount(0);
  await host.page.screenshot({ path: shots(`my-listings-hidden-${host.page.viewportSize()?.width}`) });

  // The console on a phone: not broken.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: shots('admin-queue-375'), fullPage: true });

  for (const a of [host, member, admin]) await a.context.close();
  await visitor.close();
});

test('a suspended user is signed out at once and cannot sign in again', async ({ browser }) => {
  test.setTimeout(90_000);
  const user = await account(browser);
  await createListing(user, `Fig tree bed ${Date.now().toString(36)}`, 'Salem');
  // The user's live stream is open (the server counts it in once it has answered) before the
  // suspension, which ends it.
  const streamOpen = user.page.waitForResponse(
    (r) => r.url().includes('/api/messages/stream') && r.status() === 200,
  );
  await user.page.goto('/profile');
  await streamOpen;
  await expect(user.page.getByRole('heading', { name: user.name })).toBeVisible();

  const admin = await adminAccount(browser);
  await admin.page.goto(`/admin/users/${user.id}`);
  await expect(admin.page.getByRole('heading', { name: user.name })).toBeVisible();
  await admin.page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = admin.page.getByRole('dialog', { name: `Suspend ${user.name}?` });
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Repeated scam messages.');
  await dialog.getByRole('button', { name: 'Suspend user' }).click();
  await expect(toastEl(admin.page).getByText('User suspended')).toBeVisible();
  await expect(admin.page.getByRole('heading', { name: user.name }).getByText('Suspended')).toBeVisible();
  await expect(admin.page.getByText('Hidden: host suspended')).toBeVisible();

  // The session in the user's open browser stops working at once: the server closes its live
  // stream, so the app, told by the stream's end, asks again, hears 401 and signs them out by
  // itself, without the user doing anything.
  expect((await user.context.request.get('/api/user')).status()).toBe(401);
  await expect(user.page).toHaveURL('/auth?next=/profile');

  // And cannot sign in: the form says why.
  await signIn(user.page, user);
  const alert = user.page.getByRole('alert').filter({ hasText: 'Your account is suspended' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('This account is suspended. Contact');
  await expect(user.page).toHaveURL('/auth');
  await user.page.screenshot({ path: shots('login-suspended-1280') });

  // Reinstated: signs in again.
  await admin.page.getByRole('button', { name: 'Reinstate' }).click();
  const back = admin.page.getByRole('dialog', { name: `Reinstate ${user.name}?` });
  await back.getByLabel('Reason (kept in the audit log)').fill('Appeal accepted.');
  await back.getByRole('button', { name: 'Reinstate user' }).click();
  await expect(toastEl(admin.page).getByText('User reinstated')).toBeVisible();
  await signIn(user.page, user);
  await user.page.waitForURL('/');

  await user.context.close();
  await admin.context.close();
});

test('a flagged message warns its recipient; block and unblock from the thread and the settings', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const sender = await account(browser);
  const reader = await account(browser, 375);
  // The public profile says the first name; the thread, once they have written, the full name.
  const first = sender.name.split(' ')[0];

  const hello = await sender.context.request.post('/api/messages', {
    data: { toUserId: reader.id, content: 'Hi! The bed by the fence is free from May.' },
  });
  expect(hello.status()).toBe(201);
  const scam = await sender.context.request.post('/api/messages', {
    data: {
      toUserId: reader.id,
      content: 'To hold it, please pay the deposit by Zelle to garden.host@example.com today.',
    },
  });
  expect(scam.status()).toBe(201);

  await reader.page.goto(`/messages/${sender.id}`);
  const log = reader.page.getByRole('log');
  await expect(log.getByText('please pay the deposit by Zelle')).toBeVisible();
  // One warning, under the flagged message only.
  await expect(reader.page.getByTestId('payment-warning')).toHaveCount(1);
  await expect(
    reader.page.getByTestId('message').filter({ hasText: 'deposit by Zelle' }).getByTestId('payment-warning'),
  ).toContainText('Payments made outside Yardshare are not protected');
  await reader.page.screenshot({ path: shots('thread-warning-375') });
  expect(await axeProblems(reader.page)).toEqual([]);

  // The sender sees no warning on what they sent, and no Report button on their own messages.
  await sender.page.goto(`/messages/${reader.id}`);
  await expect(sender.page.getByRole('log').getByText('deposit by Zelle')).toBeVisible();
  await expect(sender.page.getByTestId('payment-warning')).toHaveCount(0);
  await expect(sender.page.getByRole('button', { name: 'Report this message' })).toHaveCount(0);

  // The reader reports the message.
  await reader.page
    .getByTestId('message')
    .filter({ hasText: 'deposit by Zelle' })
    .getByRole('button', { name: 'Report this message' })
    .click();
  const dialog = reader.page.getByRole('dialog', { name: 'Report this message' });
  await dialog.getByLabel('Scam or payment outside Yardshare').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reader.page.getByRole('heading', { name: 'Thanks, we have your report' })).toBeVisible();
  await reader.page.getByRole('button', { name: 'Done' }).click();

  // An admin sees the message in its conversation, flagged, and removes it.
  const admin = await adminAccount(browser);
  await admin.page.goto('/admin');
  const report = admin.page.getByTestId('admin-report').filter({ hasText: 'deposit by Zelle' });
  await expect(report.getByText('Off-platform payment signal')).toBeVisible();
  await expect(report.getByText('bed by the fence')).toBeVisible();
  await report.scrollIntoViewIfNeeded();
  await admin.page.screenshot({ path: shots('admin-queue-message-1280'), fullPage: true });
  await report.getByRole('button', { name: 'Remove message' }).click();
  const remove = admin.page.getByRole('dialog', { name: 'Remove this message?' });
  await remove.getByLabel('Reason (kept in the audit log)').fill('Payment outside Yardshare.');
  await remove.getByRole('button', { name: 'Remove message' }).click();
  await expect(toastEl(admin.page).getByText('Message removed')).toBeVisible();
  await admin.context.close();
  await reader.page.reload();
  await expect(log.getByText('This message was removed by Yardshare for breaking our rules.')).toBeVisible();
  await expect(reader.page.getByTestId('payment-warning')).toHaveCount(0);
  await expect(reader.page.getByRole('button', { name: 'Report this message' })).toHaveCount(1);

  // Block, after a confirmation: the composer gives way to a notice.
  await reader.page.getByRole('button', { name: `Block ${sender.name}` }).click();
  const confirm = reader.page.getByRole('alertdialog', { name: `Block ${sender.name}?` });
  await expect(confirm).toContainText('We do not tell them.');
  await reader.page.screenshot({ path: shots('thread-block-confirm-375') });
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(toastEl(reader.page).getByText(`${sender.name} is blocked`)).toBeVisible();
  await expect(reader.page.getByText(`You blocked ${sender.name}.`)).toBeVisible();
  await expect(reader.page.getByLabel('Message', { exact: true })).toHaveCount(0);
  await reader.page.screenshot({ path: shots('thread-blocked-375') });

  // Neither can write to the other now.
  const refused = await sender.context.request.post('/api/messages', {
    data: { toUserId: reader.id, content: 'Hello?' },
  });
  expect(refused.status()).toBe(403);

  // Account Settings lists the block, and unblocks.
  await reader.page.goto('/profile');
  await reader.page.getByRole('tab', { name: 'Account Settings' }).click();
  const blocked = reader.page.getByRole('list', { name: 'Blocked users' });
  await expect(blocked.getByText(sender.name)).toBeVisible();
  await blocked.scrollIntoViewIfNeeded();
  await reader.page.screenshot({ path: shots('settings-blocked-375') });
  expect(await axeProblems(reader.page)).toEqual([]);
  await blocked.getByRole('button', { name: `Unblock ${sender.name}` }).click();
  await expect(toastEl(reader.page).getByText(`${sender.name} is unblocked`)).toBeVisible();
  await expect(reader.page.getByText('You have not blocked anyone.')).toBeVisible();
  const again = await sender.context.request.post('/api/messages', {
    data: { toUserId: reader.id, content: 'Thanks for unblocking me.' },
  });
  expect(again.status()).toBe(201);

  // The public profile offers Block and Report too (not on one's own).
  await reader.page.goto(`/users/${sender.id}`);
  await expect(reader.page.getByRole('button', { name: `Block ${first}` })).toBeVisible();
  await expect(reader.page.getByRole('button', { name: `Report ${first}` })).toBeVisible();
  await reader.page.getByRole('button', { name: `Block ${first}` }).scrollIntoViewIfNeeded();
  await reader.page.screenshot({ path: shots('profile-actions-375') });
  await sender.page.goto(`/users/${sender.id}`);
  await expect(sender.page.getByRole('heading', { name: first, exact: true })).toBeVisible();
  await expect(sender.page.getByRole('button', { name: /^Block / })).toHaveCount(0);

  await sender.context.close();
  await reader.context.close();
});

// ADR 037: an operator ends a running stay at once, for safety, with a reason in the audit log.
test('an operator ends a running stay at once from the console', async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await account(browser);
  const grower = await account(browser);
  const title = `Stay to end ${Date.now().toString(36)}`;
  const listing = await createListing(host, title, 'Salem');
  const today = new Date().toISOString().slice(0, 10);
  const booked = await grower.context.request.post('/api/bookings', {
    data: { listingId: listing.id, start: today, months: 2 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id } = (await booked.json()) as { id: number };
  const checkout = await grower.context.request.post(`/api/bookings/${id}/pay`);
  expect(checkout.status()).toBe(200);
  await grower.page.goto(((await checkout.json()) as { hostedUrl: string }).hostedUrl);
  await grower.page.getByRole('button', { name: 'Pay now' }).click();
  await grower.page.waitForURL((u) => u.pathname === '/payment/success');

  const admin = await adminAccount(browser);
  await admin.page.goto(`/admin/users/${grower.id}`);
  await admin.page.getByRole('button', { name: 'End stay now' }).click();
  const dialog = admin.page.getByRole('dialog', { name: `End the stay at “${title}” now?` });
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Safety report confirmed by phone.');
  await admin.page.screenshot({ path: shots('admin-end-stay-1280') });
  await dialog.getByRole('button', { name: 'End stay' }).click();
  await expect(toastEl(admin.page).getByText('The stay has ended')).toBeVisible();
  const after = await grower.context.request.get(`/api/bookings/${id}`);
  expect(await after.json()).toMatchObject({ status: 'completed', endedEarly: { by: 'operator' } });
  await host.context.close();
  await grower.context.close();
  await admin.context.close();
});
