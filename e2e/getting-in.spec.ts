import type { Browser, Page } from '@playwright/test';
import { expect, freshTest, newContext, test } from './fixtures.ts';
import { createRental, newUser, verifyEmail } from './helpers.ts';

// ADR 052: getting in (the carousel's rule, plain HTML sign-in and register forms, every page
// answering 200, one origin on this machine), messages about a listing that fit the screen, and
// the footer and /api/docs at phone width. Screenshots at 375 and 1280 px, in English and German.

const SHOTS = process.env.SCREENS_DIR ?? 'test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/h052-${name}.png` });
const noWiderThanScreen = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
const LANGS = [
  ['en', ''],
  ['de', '/de'],
] as const;
const WIDTHS = [375, 1280] as const;

async function hostWithListing(browser: Browser) {
  const context = await newContext(browser);
  const u = newUser();
  expect((await context.request.post('/api/register', { data: { ...u, name: 'Hana Host' } })).status()).toBe(
    201,
  );
  await verifyEmail(context.request, u.email);
  const me = await (await context.request.get('/api/user')).json();
  const listing = await createRental(context.request, `Creek beds ${Date.now() % 100000}`, 45);
  return { context, id: me.id as number, listing: listing as { id: number; title: string } };
}

async function signedInPage(browser: Browser, width: number, height = 800) {
  const context = await newContext(browser, { viewport: { width, height } });
  const u = newUser();
  expect((await context.request.post('/api/register', { data: u })).status()).toBe(201);
  await verifyEmail(context.request, u.email);
  return { context, page: await context.newPage(), user: u };
}

freshTest(
  'the welcome carousel opens neither over "Sign in to book" nor over a payment return',
  async ({ page }) => {
    for (const url of ['/auth?next=/listings/1', '/payment/success', '/de/auth?next=/bookings']) {
      await page.context().clearCookies();
      await page.goto(url);
      await page.evaluate(() => localStorage.removeItem('onboardingComplete'));
      await page.reload();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await expect(page.getByRole('dialog'), url).toHaveCount(0);
    }
    // A browsing page: it opens.
    await page.goto('/how-it-works');
    await expect(page.getByRole('dialog')).toBeVisible();
  },
);

test('every client page loaded directly answers 200: /earnings for a signed-in host', async ({ browser }) => {
  const { context, page } = await signedInPage(browser, 1280);
  for (const path of ['/earnings', '/de/earnings', '/notifications', '/saved']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page, path).not.toHaveTitle(/not found|nicht gefunden/i);
  }
  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
  await context.close();
});

test('a visitor on localhost is sent to the one address links use, and stays signed in', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL as string).port;
  await page.goto(`http://localhost:${port}/auth?tab=register`);
  await expect(page).toHaveURL(`http://127.0.0.1:${port}/auth?tab=register`);
});

for (const [lang, prefix] of LANGS)
  for (const width of WIDTHS)
    test(`${lang} ${width}px without JavaScript: register and sign in as plain forms`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      const u = newUser();
      await page.goto(`${prefix}/auth?next=/how-it-works&tab=register`);
      const register = page.locator('form:has(input[name="form"][value="register"])');
      await register.locator('input[name="username"]').fill(u.username);
      await register.locator('input[name="email"]').fill(u.email);
      await register.locator('input[name="name"]').fill(u.name);
      await register.locator('input[name="password"]').fill(u.password);
      await register.locator('input[name="confirmPassword"]').fill('not-the-same');
      await register.locator('button[type="submit"]').click();
      // Refused: the server's page says why, in the page's language.
      await expect(page.locator('[data-form-error]')).toHaveText(
        lang === 'de' ? /stimmen nicht überein/ : 'Passwords do not match',
      );
      await shot(page, `auth-refused-${lang}-${width}`);
      await register.locator('input[name="username"]').fill(u.username);
      await register.locator('input[name="email"]').fill(u.email);
      await register.locator('input[name="name"]').fill(u.name);
      await register.locator('input[name="password"]').fill(u.password);
      await register.locator('input[name="confirmPassword"]').fill(u.password);
      await register.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(`${prefix}/how-it-works`);
      const me = await context.request.get('/api/user');
      expect(me.status()).toBe(200);
      expect((await me.json()).username).toBe(u.username);
      // Signed out, then in again with the sign-in form.
      await context.request.post('/api/logout');
      await page.goto(`${prefix}/auth?next=/saved`);
      await noWiderThanScreen(page);
      await shot(page, `auth-signin-${lang}-${width}`);
      const login = page.locator('form:has(input[name="form"][value="login"])');
      await login.locator('input[name="username"]').fill(u.username);
      await login.locator('input[name="password"]').fill(u.password);
      await login.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(`${prefix}/saved`);
      await context.close();
    });

test('a thread started with Contact Host names the listing, and its message box is on the first screen', async ({
  browser,
}) => {
  const host = await hostWithListing(browser);
  for (const [lang, prefix] of LANGS)
    for (const [width, height] of [
      [375, 812],
      [1280, 800],
    ] as const) {
      const { context, page } = await signedInPage(browser, width, height);
      await page.goto(`${prefix}/listings/${host.listing.id}`);
      await page
        .getByRole('button', { name: lang === 'de' ? /Gastgeber kontaktieren|Kontakt/ : 'Contact Host' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/messages/${host.id}\\?listing=${host.listing.id}$`));
      const about = page.getByTestId('thread-listing');
      await expect(about.getByRole('link', { name: host.listing.title })).toHaveAttribute(
        'href',
        `${prefix}/listings/${host.listing.id}`,
      );
      const box = page.locator('form textarea');
      await box.fill('Is the plot free in May?');
      await box.press('Enter');
      await expect(page.getByTestId('message')).toHaveCount(1);
      // The message box ends on the first screen, and at the screen's edge on a phone.
      const bottom = await box.evaluate(
        (el) => (el.closest('form') as HTMLElement).getBoundingClientRect().bottom,
      );
      expect(bottom).toBeLessThanOrEqual(height);
      if (width === 375) expect(bottom).toBeGreaterThan(height - 8);
      await noWiderThanScreen(page);
      await shot(page, `messages-${lang}-${width}`);
      // The host sees which listing the message is about.
      await context.close();
    }
  const page = await host.context.newPage();
  await page.goto('/messages');
  await page
    .getByRole('link', { name: /Grower/ })
    .first()
    .click();
  await expect(page.getByTestId('thread-listing')).toContainText(host.listing.title);
  await host.context.close();
});

for (const [lang, prefix] of LANGS)
  for (const width of WIDTHS)
    test(`${lang} ${width}px: the footer's social links are links, Host Stories opens the hosts' stories`, async ({
      browser,
    }) => {
      const context = await newContext(browser, { viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${prefix}/how-it-works`);
      const footer = page.locator('footer');
      const share = footer.getByRole('list', {
        name: lang === 'de' ? 'Yardshare teilen' : 'Share Yardshare',
      });
      await expect(share.getByRole('link')).toHaveCount(4);
      await expect(share.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
        'href',
        /facebook\.com\/sharer/,
      );
      await footer.scrollIntoViewIfNeeded();
      await noWiderThanScreen(page);
      await footer.screenshot({ path: `${SHOTS}/h052-footer-${lang}-${width}.png` });
      await footer
        .getByRole('link', {
          name: lang === 'de' ? 'Geschichten von Gastgebern' : 'Host Stories',
          exact: true,
        })
        .click();
      await expect(page).toHaveURL(`${prefix}/community-stories#hosts`);
      await expect(page.locator('#hosts')).toBeInViewport();
      await context.close();
    });

test('/api/docs fits 375 px, an operation tried out included', async ({ browser }) => {
  const context = await newContext(browser, { viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto('/api/docs/');
  await page.locator('.opblock-summary-control').filter({ hasText: '/api/register' }).first().click();
  await page.getByRole('button', { name: 'Try it out' }).first().click();
  await expect(page.getByRole('button', { name: 'Execute' }).first()).toBeVisible();
  await noWiderThanScreen(page);
  await shot(page, 'api-docs-375');
  await context.close();
});
