import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createListing, linkIn, newUser, waitForMail } from './helpers.ts';

// Signing in (or registering) from a page that asked for it returns there, in the page's
// language, after confirming the e-mail address too; a return path off the site is ignored. The header's Join opens the register tab.

// A message's German text, read from the catalogues.
function de(id: string): string {
  for (const group of ['shell', 'app']) {
    const po = fs.readFileSync(`src/client/locales/de/${group}.po`, 'utf8');
    const escaped = JSON.stringify(id)
      .slice(1, -1)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`\\nmsgid "${escaped}"\\nmsgstr "((?:[^"\\\\]|\\\\.)*)"`).exec(po);
    if (m?.[1]) return JSON.parse(`"${m[1]}"`);
  }
  throw new Error(`no German text for ${id}`);
}

// An account made through its own request context (the page stays signed out).
async function anAccount(request: APIRequestContext, language?: 'de') {
  const u = newUser();
  const res = await request.post('/api/register', { data: { ...u, language } });
  expect(res.status()).toBe(201);
  await request.post('/api/logout');
  return u;
}

async function logIn(page: Page, u: { username: string; password: string }, button = 'Sign In') {
  await page.locator('#login-username').fill(u.username);
  await page.locator('#login-password').fill(u.password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

async function registerHere(page: Page, button = 'Create Account') {
  const u = newUser();
  await page.locator('#register-username').fill(u.username);
  await page.locator('#register-email').fill(u.email);
  await page.locator('#register-name').fill(u.name);
  await page.locator('#register-password').fill(u.password);
  await page.locator('#register-confirm').fill(u.password);
  await page.getByRole('button', { name: button, exact: true }).click();
  return u;
}

let listing = 0;
async function aListing(request: APIRequestContext) {
  listing ||= (await createListing(request, 'Return path beds')).id;
  return listing;
}

test('Sign in to book returns to the listing', async ({ page, request }) => {
  const id = await aListing(request);
  const u = await anAccount(request);
  await page.goto(`/listings/${id}`);
  await page.getByRole('link', { name: 'Sign in to book' }).click();
  await page.waitForURL(`/auth?next=/listings/${id}`);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await logIn(page, u);
  await page.waitForURL(`/listings/${id}`);
  await expect(page.getByRole('heading', { name: 'Return path beds' })).toBeVisible();
});

test('the heart and Save this search return to their page', async ({ page, request }) => {
  const id = await aListing(request);
  const u = await anAccount(request);
  await page.goto(`/listings/${id}`);
  await page.getByRole('button', { name: 'Save Return path beds' }).click();
  await page.waitForURL(`/auth?next=/listings/${id}`);
  await logIn(page, u);
  await page.waitForURL(`/listings/${id}`);

  const other = await anAccount(request);
  await page.context().clearCookies();
  await page.goto('/listings?type=community&location=Austin');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await page.waitForURL('/auth?next=/listings%3Ftype%3Dcommunity%26location%3DAustin');
  await logIn(page, other);
  await page.waitForURL('/listings?type=community&location=Austin');
});

test('Contact Host in German: registering returns to the German listing', async ({ page, request }) => {
  const id = await aListing(request);
  await page.goto(`/de/listings/${id}`);
  await page.getByRole('button', { name: de('Contact Host') }).click();
  await page.waitForURL(`/de/auth?next=/listings/${id}`);
  await page.getByRole('tab', { name: de('Register') }).click();
  const u = await registerHere(page, de('Create Account'));
  await page.waitForURL(`/de/listings/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The confirmation e-mail's link leads back there too.
  const link = new URL(linkIn(await waitForMail(u.email, /./), '/verify-email'));
  expect(link.searchParams.get('next')).toBe(`/listings/${id}`);
  await page.goto(link.pathname + link.search);
  await page.getByRole('link', { name: de('Continue where you left off') }).click();
  await page.waitForURL(`/de/listings/${id}`);
});

// The same three journeys in the other language each: booking and the heart in German, Contact
// Host in English.
test('Sign in to book in German returns to the German listing', async ({ page, request }) => {
  const id = await aListing(request);
  const u = await anAccount(request, 'de');
  await page.goto(`/de/listings/${id}`);
  await page.getByRole('link', { name: de('Sign in to book') }).click();
  await page.waitForURL(`/de/auth?next=/listings/${id}`);
  await logIn(page, u, de('Sign In'));
  await page.waitForURL(`/de/listings/${id}`);
  await expect(page.getByRole('heading', { name: 'Return path beds' })).toBeVisible();
  await expect(page.getByRole('link', { name: de('Sign in to book') })).toBeHidden();
});

test('the heart in German returns to the German listing, which can then be saved', async ({
  page,
  request,
}) => {
  const id = await aListing(request);
  const u = await anAccount(request, 'de');
  await page.goto(`/de/listings/${id}`);
  const heart = page.getByRole('button', { name: de('Save {title}').replace('{title}', 'Return path beds') });
  await heart.click();
  await page.waitForURL(`/de/auth?next=/listings/${id}`);
  await logIn(page, u, de('Sign In'));
  await page.waitForURL(`/de/listings/${id}`);
  await heart.click();
  const saved = de('Remove {title} from saved').replace('{title}', 'Return path beds');
  await expect(page.getByRole('button', { name: saved })).toHaveAttribute('aria-pressed', 'true');
});

test('Contact Host in English: signing in returns to the listing, where the host can be written to', async ({
  page,
  request,
}) => {
  const id = await aListing(request);
  const u = await anAccount(request);
  await page.goto(`/listings/${id}`);
  await page.getByRole('button', { name: 'Contact Host' }).click();
  await page.waitForURL(`/auth?next=/listings/${id}`);
  await logIn(page, u);
  await page.waitForURL(`/listings/${id}`);
  await page.getByRole('button', { name: 'Contact Host' }).click();
  // The thread says which listing it is about (ADR 052).
  await page.waitForURL(new RegExp(`/messages/\\d+\\?listing=${id}$`));
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
});

test('a protected page sends a signed-out visitor to /auth and back, in English and German', async ({
  page,
  request,
}) => {
  const u = await anAccount(request);
  await page.goto('/bookings?tab=hosting');
  await page.waitForURL('/auth?next=/bookings%3Ftab%3Dhosting');
  await logIn(page, u);
  await page.waitForURL('/bookings?tab=hosting');

  const german = await anAccount(request, 'de');
  await page.context().clearCookies();
  await page.goto('/de/messages');
  await page.waitForURL('/de/auth?next=/messages');
  await logIn(page, german, de('Sign In'));
  await page.waitForURL('/de/messages');
});

test('a return path off the site is ignored: home after signing in', async ({ page, request }) => {
  for (const next of ['//evil.com', 'https://evil.com/listings', '/\\evil.com']) {
    const u = await anAccount(request);
    await page.context().clearCookies();
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await logIn(page, u);
    await page.waitForURL('/');
  }
});

test('the header: Join opens the register tab, Sign In the login tab, in English and German', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [prefix, t] of [
    ['', (s: string) => s],
    ['/de', de],
  ] as const) {
    await page.goto(`${prefix}/how-it-works`);
    await page.getByRole('link', { name: t('Join'), exact: true }).click();
    await page.waitForURL(`${prefix}/auth?next=/how-it-works&tab=register`);
    await expect(page.getByRole('tab', { name: t('Register') })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#register-email')).toBeVisible();
    // On /auth, Sign In switches to the login tab and keeps the return path.
    await page.getByRole('link', { name: t('Sign In'), exact: true }).click();
    await page.waitForURL(`${prefix}/auth?next=/how-it-works`);
    await expect(page.getByRole('tab', { name: t('Login') })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#login-username')).toBeVisible();
  }
});

for (const lang of ['en', 'de'] as const) {
  test(`${lang}: Forgot password? keeps the page to return to, there and back`, async ({ page, request }) => {
    const id = await aListing(request);
    // A German member: signing in keeps them in their own language (ADR 031).
    const u = await anAccount(request, lang === 'de' ? 'de' : undefined);
    const prefix = lang === 'de' ? '/de' : '';
    const text = (s: string) => (lang === 'de' ? de(s) : s);
    await page.goto(`${prefix}/auth?next=/listings/${id}`);
    await page.getByRole('link', { name: text('Forgot password?') }).click();
    await page.waitForURL(`${prefix}/auth?next=/listings/${id}&forgot`);
    await expect(page.getByRole('form', { name: text('Forgot password') })).toBeVisible();
    await page.getByRole('link', { name: text('Back to sign in') }).click();
    await page.waitForURL(`${prefix}/auth?next=/listings/${id}`);
    await logIn(page, u, text('Sign In'));
    await page.waitForURL(`${prefix}/listings/${id}`);
  });
}
