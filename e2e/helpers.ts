import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { WAIT_MS } from '../src/server/testing/wait.ts';

let n = 0;
export function newUser() {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return {
    username: `e2e_${tag}`,
    email: `e2e_${tag}@example.com`,
    name: `Grower ${tag}`,
    password: 'garden-pass-1',
  };
}

// The Register tab switches through the URL (?tab=register): until it is selected the sign-in form,
// with its own Username field, is still the one on the page, and a fill would land there.
export async function openRegisterTab(page: Page) {
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
}

export async function register(page: Page, u = newUser()) {
  await page.goto('/auth');
  await openRegisterTab(page);
  await page.getByLabel('Username').fill(u.username);
  await page.getByLabel('Email').fill(u.email);
  await page.getByLabel('Full Name').fill(u.name);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByLabel('Confirm Password').fill(u.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('/');
  return u;
}

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

// The e-mails the test SMTP server beside the app under test received for an address
// (scripts/e2e-server.mjs: the inbox listens on the app's port + 200).
// The running test's app (its port finds the inbox).
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  const app = new URL(String(test.info().project.use.baseURL));
  const res = await fetch(
    `http://127.0.0.1:${Number(app.port) + 200}/messages?to=${encodeURIComponent(address)}`,
  );
  return (await res.json()) as ReceivedMail[];
}

// Waits for an e-mail to the address whose subject matches, and returns it. The app sends it on
// its own (the outbox, woken by the commit): the bound is the shared generous one.
export async function waitForMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(address)).findLast((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: WAIT_MS, message: `an e-mail to ${address} with a subject like ${subject}` },
    )
    .toBe(true);
  return found!;
}

// Waits for the page's running CSS animations and transitions (a drawer sliding in, a map
// zooming) to finish, instead of a fixed pause: from the next frame, so one that the last action
// starts counts, and again while finishing ones start others.
export async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    await frame();
    await frame();
    for (let round = 0; round < 20; round++) {
      const running = document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
        );
      if (!running.length) return;
      await Promise.all(running.map((a) => a.finished.catch(() => null)));
      await frame();
    }
  });
}

// The first link in a mail's text part that starts with the app's address and has this path.
export function linkIn(mail: ReceivedMail, pathname: string): string {
  const m = mail.text.match(new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}[^\\s]*`));
  if (!m) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return m[0];
}

// Registers, then confirms the address from the verification e-mail (publishing needs it).
export async function registerVerified(page: Page, u = newUser()) {
  await register(page, u);
  const mail = await waitForMail(u.email, /confirm/i);
  const link = new URL(linkIn(mail, '/verify-email'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible();
  return u;
}

// For accounts made through the API: confirms the address with the token from the e-mail.
export async function verifyEmail(request: APIRequestContext, address: string) {
  const mail = await waitForMail(address, /confirm/i);
  const token = new URL(linkIn(mail, '/verify-email')).searchParams.get('token');
  const res = await request.post('/api/email/verify', { data: { token } });
  expect(res.status()).toBe(200);
}

// The visible toast (Radix also copies its text into a screen-reader live region).
export const toastEl = (page: Page) => page.locator('[data-variant]');

// Serious and critical axe violations on the current page, as readable lines.
export async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} -> ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

// A rental listing by a new, confirmed host made through the API; signed out again after.
export async function createListing(request: APIRequestContext, title = 'Sunny raised beds near the park') {
  const u = newUser();
  expect((await request.post('/api/register', { data: u })).status()).toBe(201);
  await verifyEmail(request, u.email);
  const listing = await createRental(request, title, 40, {
    description:
      'Four cedar raised beds with drip irrigation and full sun, shared tool shed and a compost bay. Ideal for tomatoes and peppers.',
    location: '12 Elm Street',
    city: 'Austin',
    state: 'TX',
    size: '200 sq ft',
    amenities: ['Water', 'Tools'],
  });
  await request.post('/api/logout');
  return { ...listing, title };
}

// A rental listing of the signed-in host's, made through the API (`extra` overrides its fields).
export async function createRental(
  request: APIRequestContext,
  title: string,
  price: number,
  extra: Record<string, unknown> = {},
) {
  const res = await request.post('/api/listings', {
    data: {
      title,
      description: 'Four raised cedar beds in full sun, with a rain barrel and a tool shed.',
      type: 'rental',
      price,
      location: '12 Orchard Lane',
      city: 'Portland',
      state: 'OR',
      amenities: [],
      images: [],
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}
