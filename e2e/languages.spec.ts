import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeProblems, createListing, linkIn, newUser, verifyEmail, waitForMail } from './helpers.ts';

// The five languages (ADR 031): each home page and a listing page render in their language with
// no missing message and pass the axe scan; the switcher keeps the page; the raw HTML of a
// translated page carries its language, title and alternates.
const SHOTS = process.env.SCREENS_DIR ?? 'test-results/screens';
const LANGS = ['en', 'es', 'fr', 'de', 'ja'] as const;
type Lang = (typeof LANGS)[number];
const prefix = (l: Lang) => (l === 'en' ? '' : `/${l}`);

// A message's text in a language, read from its catalogue (English: the message itself).
function translated(lang: Lang, group: string, id: string): string {
  if (lang === 'en') return id;
  const po = fs.readFileSync(`src/client/locales/${lang}/${group}.po`, 'utf8');
  const escaped = JSON.stringify(id)
    .slice(1, -1)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`\\nmsgid "${escaped}"\\nmsgstr "((?:[^"\\\\]|\\\\.)*)"`).exec(po);
  if (!m?.[1]) throw new Error(`no ${lang} translation of ${id}`);
  return JSON.parse(`"${m[1]}"`);
}

// Console errors (a missing message logs one) and page errors, collected per page.
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Missing message/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

// A new member (signed in on `request`) who writes to `userId`: a conversation for both. Returns
// the member's id.
async function withMessageTo(request: APIRequestContext, userId: number): Promise<number> {
  const u = newUser();
  const res = await request.post('/api/register', { data: { ...u, name: `${u.name} Longname-Gardener` } });
  expect(res.status()).toBe(201);
  await verifyEmail(request, u.email);
  const sent = await request.post('/api/messages', {
    data: {
      toUserId: userId,
      content: 'Hello! Is the sunny corner plot with the raised beds still free for the whole season?',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

let listingId = 0;
async function aListing(request: APIRequestContext): Promise<number> {
  listingId ||= (await createListing(request)).id;
  return listingId;
}

test.describe('five languages', () => {
  for (const lang of LANGS) {
    test(`home page in ${lang}: its language, no missing message, axe`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(`${prefix(lang)}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByText(translated(lang, 'shell', 'Find Your Space Now!'))).toBeVisible();
      await expect(
        page.getByRole('link', { name: translated(lang, 'shell', 'Explore') }).first(),
      ).toBeAttached();
      expect(await axeProblems(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    test(`listing page in ${lang}: its language, user text as written, axe`, async ({ page, request }) => {
      const id = await aListing(request);
      const errors = watchErrors(page);
      await page.goto(`${prefix(lang)}/listings/${id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: 'Sunny raised beds near the park' })).toBeVisible();
      await expect(page.getByText(translated(lang, 'app', 'Contact Host')).first()).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('the switcher keeps the page and remembers the choice', async ({ page, request }) => {
    const id = await aListing(request);
    await page.goto(`/listings/${id}`);
    await page.locator('header summary').click();
    await page.locator('header').getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(new RegExp(`/de/listings/${id}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'ys_lang')?.value).toBe('de');
    // The footer's links go to the same page in each language.
    await expect(page.locator('footer').getByRole('link', { name: '日本語' })).toHaveAttribute(
      'href',
      `/ja/listings/${id}`,
    );
    // The English home now sends this visitor to the German one.
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);
    // Links inside a language stay in it.
    await page
      .locator('footer')
      .getByRole('link', { name: translated('de', 'shell', 'Terms of Service') })
      .click();
    await expect(page).toHaveURL(/\/de\/terms$/);
  });

  test('an account made on a German page: German e-mail, and signing in on an English page goes to German', async ({
    page,
  }) => {
    const u = newUser();
    await page.goto('/de/auth');
    await page.getByRole('tab', { name: translated('de', 'app', 'Register') }).click();
    await page.getByLabel(translated('de', 'app', 'Username')).fill(u.username);
    await page.getByLabel(translated('de', 'app', 'Email')).fill(u.email);
    await page.getByLabel(translated('de', 'app', 'Full Name')).fill(u.name);
    await page.getByLabel(translated('de', 'app', 'Password'), { exact: true }).fill(u.password);
    await page.getByLabel(translated('de', 'app', 'Confirm Password')).fill(u.password);
    await page.getByRole('button', { name: translated('de', 'app', 'Create Account') }).click();
    await page.waitForURL(/\/de$/);
    const mail = await waitForMail(u.email, /./);
    expect(new URL(linkIn(mail, '/verify-email')).pathname).toBe('/de/verify-email');
    expect((await page.request.get('/api/user')).ok()).toBe(true);
    expect(((await (await page.request.get('/api/user')).json()) as { language: string }).language).toBe(
      'de',
    );
    await page.request.post('/api/logout');
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(u.username);
    await page.getByLabel('Password', { exact: true }).fill(u.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('a browser in another language is offered it on /, never sent', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    await context.addInitScript(() => window.localStorage.setItem('onboardingComplete', 'true'));
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const offer = page.getByRole('link', { name: '日本語で続ける' });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page).toHaveURL(/\/ja$/);
    await context.close();
  });

  test('raw HTML of /ja/listings/{id}: lang="ja", a Japanese title, the alternates', async ({ request }) => {
    const id = await aListing(request);
    const res = await request.get(`/ja/listings/${id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="ja">/);
    const title = /<title data-head>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title).toContain('Sunny raised beds near the park');
    expect(title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/); // kana or kanji around the listing's own words
    const origin = new URL(res.url()).origin;
    expect(html).toContain(`<link data-head rel="canonical" href="${origin}/ja/listings/${id}"`);
    for (const l of LANGS)
      expect(html).toContain(`hreflang="${l}" href="${origin}${prefix(l)}/listings/${id}"`);
    expect(html).toContain(`hreflang="x-default" href="${origin}/listings/${id}"`);
    // Pre-rendered in Japanese: the page's own words are in the markup before any script runs.
    expect(html).toContain(translated('ja', 'app', 'Contact Host'));
  });

  // One test per language: ten page loads each, within the test timeout on a busy machine.
  for (const lang of LANGS)
    test(`no page is wider than a 375 px phone in ${lang}`, async ({ page, request }) => {
      const id = await aListing(request);
      await page.setViewportSize({ width: 375, height: 800 });
      const paths = [
        '/',
        '/listings',
        `/listings/${id}`,
        '/how-it-works',
        '/our-mission',
        '/contact',
        '/terms',
        '/blog',
        '/resources',
        '/auth',
      ];
      const wide: string[] = [];
      for (const path of paths) {
        const url = `${prefix(lang)}${path === '/' && lang !== 'en' ? '' : path}`;
        await page.goto(url);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) wide.push(`${url} +${overflow}px`);
      }
      expect(wide).toEqual([]);
    });

  for (const lang of LANGS)
    test(`no signed-in page is wider than a 375 px phone in ${lang}`, async ({ page, request }) => {
      const u = newUser();
      const res = await page.request.post('/api/register', { data: u });
      expect(res.status()).toBe(201);
      // Real conversations: /messages lists them, /messages/:id opens one.
      const other = await withMessageTo(request, ((await res.json()) as { id: number }).id);
      await page.setViewportSize({ width: 375, height: 800 });
      const paths = [
        '/profile',
        '/bookings',
        '/messages',
        `/messages/${other}`,
        '/saved',
        '/notifications',
        '/create-listing',
      ];
      const wide: string[] = [];
      for (const path of paths) {
        const url = `${prefix(lang)}${path}`;
        await page.goto(url);
        await page.locator('main h1').first().waitFor();
        // The conversation (list row, or the open thread's message) has arrived.
        if (path === '/messages') await page.locator(`main aside a[href$="/messages/${other}"]`).waitFor();
        if (path.startsWith('/messages/')) await page.getByTestId('message').first().waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) wide.push(`${url} +${overflow}px`);
      }
      expect(wide).toEqual([]);
    });

  test('screenshots: /ja and /de/listings at 375 and 1280 px, nothing wider than the screen', async ({
    page,
    request,
  }) => {
    await aListing(request);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, name] of [
        ['/ja', 'ja-home'],
        ['/de/listings', 'de-listings'],
      ]) {
        await page.goto(path);
        await page.evaluate(() => document.fonts.ready);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        // The header's controls stay inside it.
        const header = await page.locator('header').boundingBox();
        for (const box of await page.locator('header a, header button, header summary').all()) {
          if (!(await box.isVisible())) continue;
          const b = await box.boundingBox();
          if (b && header)
            expect(b.x + b.width, `${path} ${width}px header`).toBeLessThanOrEqual(header.width + 1);
        }
        await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width === 375 });
      }
    }
  });
});

// The host menu item keeps its name on every page of a language: the page catalogues' "Host" (a
// person) must not rename it once they load (ADR 038).
for (const [prefix, name] of [
  ['', 'Host'],
  ['/de', 'Inserieren'],
  ['/fr', 'Devenir hôte'],
] as const) {
  test(`the host menu item reads "${name}" on every page (${prefix || '/'})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const path of ['/', '/listings', '/how-it-works', '/auth']) {
      await page.goto(`${prefix}${path === '/' && prefix ? '' : path}`);
      await expect(page.locator('header nav a[href$="/create-listing"]').first(), path).toHaveText(name);
    }
  });
}
