import type { Page } from '@playwright/test';
import { expect, freshTest, test } from './fixtures.ts';
import { axeProblems, createListing, register, toastEl, waitForMail } from './helpers.ts';

// test-results/ is wiped by every Playwright run; parallel runs can point this elsewhere.
const SHOTS = process.env.SCREENS_DIR ?? 'test-results/screens';

// The spec's route table (section 2): key texts per public route.
const PUBLIC_ROUTES: { path: string; texts: (string | RegExp)[] }[] = [
  { path: '/', texts: ['Find Your Space Now!'] },
  { path: '/auth', texts: ['Welcome to Yardshare'] },
  { path: '/listings', texts: ['Search Spaces'] },
  {
    path: '/how-it-works',
    texts: [
      'Three ways to take part',
      'Rent a plot',
      'Exchange work for space',
      'Join a community garden',
      'How Yardshare compares',
      /March 2025/,
      'Frequently asked questions',
    ],
  },
  { path: '/our-mission', texts: ['Our vision', 'What we value', 'The impact we work for'] },
  {
    path: '/community-stories',
    texts: ['From our hosts', 'From our growers', 'Margaret O.', 'Diego R.', 'Aisha K.'],
  },
  {
    path: '/contact',
    texts: ['Send us a message', '2150 Garden Way, Suite 200', 'hello@yardshare.org', '+1 (510) 555-0142'],
  },
  {
    path: '/terms',
    texts: [
      'Terms of Service',
      'Last updated: November 24, 2026',
      'Host responsibilities',
      'Grower responsibilities',
      'Cancellation by arrangement type',
      /State of California/,
    ],
  },
  {
    path: '/privacy-policy',
    texts: [
      'Privacy Policy',
      'Last updated: November 24, 2026',
      'International transfers',
      'Third-party advertising',
      'Your California privacy rights',
      /at least 18 years old/,
    ],
  },
  { path: '/payment/success', texts: ['Payment Successful!'] },
  { path: '/payment/cancel', texts: ['Payment Cancelled'] },
  {
    path: '/blog',
    texts: [
      'The Rise of Yardsharing',
      'March 25, 2025',
      '8 min read',
      'Community Gardening Benefits',
      'Digital Nomad Gardeners',
      'Topics',
    ],
  },
  {
    path: '/blog/rise-of-yardsharing',
    texts: ['The Rise of Yardsharing', 'Share this article', 'Related posts', 'Back to all posts'],
  },
  {
    path: '/resources',
    texts: [
      'Growing resources',
      'Featured guides',
      '15 min read',
      '8 min read',
      '12 min read',
      'Partner organizations',
    ],
  },
  { path: '/no/such/page', texts: ['404 Page Not Found'] },
];

test.describe('every route: key texts and axe', () => {
  test('public routes', async ({ page, request }) => {
    test.setTimeout(180_000);
    const listing = await createListing(request);
    const routes = [
      ...PUBLIC_ROUTES,
      { path: `/listings/${listing.id}`, texts: [listing.title] },
      { path: `/listing/${listing.id}`, texts: [listing.title] },
    ];
    const problems: string[] = [];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const r of routes) {
        await page.goto(r.path);
        for (const t of r.texts)
          await expect(page.getByText(t).first(), `${r.path} shows ${t}`).toBeVisible();
        for (const p of await axeProblems(page)) problems.push(`${width}px ${r.path}: ${p}`);
      }
    }
    console.log(
      problems.length ? `axe problems:\n${problems.join('\n')}` : 'axe: no serious or critical violations',
    );
    expect(problems, 'serious/critical axe violations').toEqual([]);
  });

  test('protected routes, signed in', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await register(page);
    const routes: [string, string][] = [
      ['/create-listing', 'List Your Growing Space'],
      ['/profile', 'My Listings'],
      ['/messages', 'No conversation selected'],
      ['/messages/1', 'Messages'],
    ];
    const problems: string[] = [];
    for (const [path, text] of routes) {
      await page.goto(path);
      await expect(page.getByText(text).first(), `${path} shows ${text}`).toBeVisible();
      for (const p of await axeProblems(page)) problems.push(`${path}: ${p}`);
    }
    console.log(
      problems.length ? `axe problems (protected):\n${problems.join('\n')}` : 'axe protected: none',
    );
    expect(problems).toEqual([]);
  });
});

test.describe('content pages', () => {
  test('blog: one article, two disabled Coming Soon teasers, seven topics', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: 'The Rise of Yardsharing' })).toBeVisible();
    const soon = page.getByRole('button', { name: 'Coming Soon' });
    await expect(soon).toHaveCount(2);
    for (const b of await soon.all()) await expect(b).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Community Gardening Benefits' })).toHaveCount(0);
    await expect(page.getByText('about 10 min read')).toBeVisible();
    await expect(page.getByText('about 7 min read')).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('listitem')).toHaveCount(7);
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await page.getByRole('link', { name: 'The Rise of Yardsharing' }).click();
    await page.waitForURL('/blog/rise-of-yardsharing');
    for (const name of ['Share on Facebook', 'Share on X', 'Share on LinkedIn', 'Share by e-mail'])
      await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Share by e-mail' })).toHaveAttribute('href', /^mailto:/);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/blog-article-375.png`, fullPage: true });
    await page.getByRole('link', { name: 'Back to all posts' }).first().click();
    await page.waitForURL('/blog');
    await page.screenshot({ path: `${SHOTS}/blog-375.png`, fullPage: true });
  });

  test('resources share the layout: four categories, three guides, partners, submissions link', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/resources');
    for (const c of ['Getting Started', 'Soil & Planting', 'Hosting & Agreements', 'Community Building'])
      await expect(page.getByRole('heading', { name: c })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Submit a resource/ })).toHaveAttribute('href', '/contact');
    await page.screenshot({ path: `${SHOTS}/resources-1280.png`, fullPage: true });
  });

  test('how it works: tabs work with the keyboard; screenshots', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/how-it-works');
    const growers = page.getByRole('tab', { name: 'For Growers' });
    await growers.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'For Hosts' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'For Hosts' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: /Host guide/ })).toBeVisible();
    await page.getByText('What fees does Yardshare charge?').click();
    await expect(page.getByText(/6% service fee/).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/how-it-works-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/how-it-works-375.png`, fullPage: true });
  });

  test('contact form: the four messages, then Message sent, and the message reaches support by e-mail', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const m of [
      'Name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Subject must be at least 5 characters.',
      'Message must be at least 10 characters.',
    ]) {
      await expect(page.getByText(m)).toBeVisible();
    }
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `${SHOTS}/contact-errors-375.png`, fullPage: true });
    expect(await axeProblems(page)).toEqual([]);

    const posted = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.status() === 201);
    // Keyboard only: type into each field and submit with Enter.
    await page.getByLabel('Name').focus();
    await page.keyboard.type('Rosa');
    await page.keyboard.press('Tab');
    await page.keyboard.type('rosa@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hosting question');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Can I list two separate plots in the same yard?');
    await page.getByLabel('Subject').press('Enter');
    await expect(toastEl(page).getByText('Message sent')).toBeVisible();
    await expect(page.getByText('Name must be at least 2 characters.')).toHaveCount(0);
    await expect(page.getByLabel('Name')).toHaveValue('');
    await posted;
    const mail = await waitForMail('support@yardshare.localhost', /Hosting question/);
    expect(mail.text).toContain('Can I list two separate plots in the same yard?');
    expect(mail.headers['reply-to']).toContain('rosa@example.com');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/contact-sent-1280.png` });
  });

  test('terms and privacy screenshots', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: '13. Governing law' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/terms-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/privacy-policy');
    await page.screenshot({ path: `${SHOTS}/privacy-1280.png` });
    await page.goto('/our-mission');
    await page.screenshot({ path: `${SHOTS}/our-mission-1280.png`, fullPage: true });
    await page.goto('/community-stories');
    await page.screenshot({ path: `${SHOTS}/community-stories-1280.png`, fullPage: true });
  });
});

freshTest.describe('onboarding', () => {
  freshTest('five steps, Get Started!, the flag, closed after reload', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Yardshare' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Step 1 of 5')).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    await page.screenshot({ path: `${SHOTS}/onboarding-375.png` });
    expect(await axeProblems(page)).toEqual([]);
    const titles = ['Find your perfect plot', 'Grow your way', 'Connect with others', 'Ready to grow?'];
    for (let i = 0; i < 4; i++) {
      await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('dialog', { name: titles[i] })).toBeVisible();
      await expect(page.getByRole('dialog').getByText(`Step ${i + 2} of 5`)).toBeVisible();
    }
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Next' })).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/onboarding-last-1280.png` });
    expect(await page.evaluate(() => localStorage.getItem('onboardingComplete'))).toBeNull();
    await page.getByRole('button', { name: 'Get Started!' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('onboardingComplete'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Yardshare' }).first()).toBeVisible();
    // The modal would open in the commit after the hydrating one: wait for two frames past it.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  freshTest(
    'keyboard: focus is trapped, Escape closes and sets the flag; the close button too',
    async ({ page, context }) => {
      await page.goto('/how-it-works');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Enter'); // on Next or Close: either way still a working dialog
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('onboardingComplete'))).toBe('true');

      const browser = context.browser();
      if (!browser) throw new Error('no browser');
      const other = await browser.newContext({ baseURL: page.url() });
      const p2 = await other.newPage();
      await p2.goto('/blog');
      await p2.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
      await expect(p2.getByRole('dialog').getByText('Step 2 of 5')).toBeVisible();
      await p2.getByRole('button', { name: 'Close' }).click();
      await expect(p2.getByRole('dialog')).toHaveCount(0);
      expect(await p2.evaluate(() => localStorage.getItem('onboardingComplete'))).toBe('true');
      await other.close();
    },
  );
});

test.describe('keyboard: header and drawer', () => {
  test('Tab reaches the skip link and the header links; Enter follows them', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    let found = false;
    for (let i = 0; i < 8 && !found; i++) {
      await page.keyboard.press('Tab');
      found = await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'How It Works' })
        .evaluate((el) => el === document.activeElement);
    }
    expect(found).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('/how-it-works');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('the mobile drawer opens from the keyboard, traps focus and closes with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/our-mission');
    const trigger = page.getByRole('button', { name: 'Open menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });
});

test.describe('page head', () => {
  const head = (page: Page) =>
    page.evaluate(() => ({
      title: document.title,
      description: [...document.querySelectorAll('meta[name="description"]')].map((m) =>
        m.getAttribute('content'),
      ),
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content'),
      keywords: document.querySelector('meta[name="keywords"]')?.getAttribute('content'),
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
      ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content'),
      ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
      ogLocale: document.querySelector('meta[property="og:locale"]')?.getAttribute('content'),
      ogAlternates: [...document.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) =>
        m.getAttribute('content'),
      ),
      hreflangs: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) =>
        l.getAttribute('hreflang'),
      ),
      twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? '{}')['@type'],
      ),
    }));

  test('a static page, the blog article and a listing: in the browser and in the raw HTML', async ({
    page,
    request,
    baseURL,
  }) => {
    const listing = await createListing(request, 'Shady herb corner </title><b>bold</b>');
    await page.goto('/how-it-works');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    let h = await head(page);
    expect(h.title).toBe('How it works | Yardshare');
    expect(h.description).toHaveLength(1);
    expect(h.description[0]?.length ?? 0).toBeLessThanOrEqual(150);
    expect(h.canonical).toEqual([`${baseURL}/how-it-works`]);
    expect(h.robots).toBe('index, follow');
    expect(h.keywords).toContain('how yardshare works');
    expect(h.ogTitle).toBe('How it works | Yardshare');
    expect(h.ogImage).toBe(`${baseURL}/social/og-default.svg`);
    expect(h.ogLocale).toBe('en_US');
    expect(h.ogAlternates).toEqual(['es_ES', 'fr_FR', 'de_DE', 'ja_JP']);
    expect(h.hreflangs).toEqual(['en', 'es', 'fr', 'de', 'ja', 'x-default']);
    expect(h.twitter).toBe('summary_large_image');
    expect((await request.get('/social/og-default.svg')).headers()['content-type']).toMatch(/svg/);

    // Client-side navigation replaces the tags rather than adding more.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('link', { name: 'The Rise of Yardsharing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The Rise of Yardsharing' })).toBeVisible();
    // The head writer (and the page language's head texts) load after the screen renders.
    await expect(page).toHaveTitle('The Rise of Yardsharing | Yardshare');
    h = await head(page);
    expect(h.title).toBe('The Rise of Yardsharing | Yardshare');
    expect(h.canonical).toEqual([`${baseURL}/blog/rise-of-yardsharing`]);
    expect(h.description).toHaveLength(1);
    expect(h.ogType).toBe('article');
    expect(h.jsonLd).toEqual(['Article']);
    expect(h.hreflangs).toHaveLength(6);

    await page.goto(`/listings/${listing.id}`);
    await expect(page.getByText('Shady herb corner').first()).toBeVisible();
    h = await head(page);
    expect(h.title).toContain('Shady herb corner </title><b>bold</b>');
    expect(h.ogTitle).toContain('Shady herb corner');
    expect(h.canonical).toHaveLength(1);
    expect(h.robots).toBe('index, follow');

    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    expect((await head(page)).robots).toBe('noindex, nofollow');

    // Without JavaScript: the server's HTML already carries each page's own head.
    const raw = async (path: string) => (await request.get(path)).text();
    const article = await raw('/blog/rise-of-yardsharing');
    expect(article).toContain('<title data-head>The Rise of Yardsharing | Yardshare</title>');
    expect(article).toContain('"@type":"Article"');
    const how = await raw('/how-it-works');
    expect(how).toContain('<title data-head>How it works | Yardshare</title>');
    expect(how).toContain(`<link data-head rel="canonical" href="${baseURL}/how-it-works" />`);
    const detail = await raw(`/listing/${listing.id}`);
    expect(detail).toContain(
      '<title data-head>Shady herb corner &lt;/title&gt;&lt;b&gt;bold&lt;/b&gt; in Austin, TX | Yardshare</title>',
    );
    expect(detail).toContain(
      `<meta data-head property="og:title" content="Shady herb corner &lt;/title&gt;&lt;b&gt;bold&lt;/b&gt; in Austin, TX | Yardshare" />`,
    );
    expect(detail).not.toContain('<b>bold</b>');
    expect(detail).toContain(`<link data-head rel="canonical" href="${baseURL}/listings/${listing.id}" />`);
    // A sitemap index: the pages' file and the listings' files, every URL in five languages.
    const sitemap = await raw('/sitemap.xml');
    expect(sitemap).toContain(`<loc>${baseURL}/sitemaps/pages.xml</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/sitemaps/listings-1.xml</loc>`);
    const listed = await raw('/sitemaps/listings-1.xml');
    expect(listed).toContain(`<loc>${baseURL}/listings/${listing.id}</loc>`);
    expect(listed).toContain(`<loc>${baseURL}/ja/listings/${listing.id}</loc>`);
    expect(await raw('/sitemaps/pages.xml')).toContain(`<loc>${baseURL}/blog/rise-of-yardsharing</loc>`);
  });
});

test('scroll: a reload keeps the place; a page opened from the address bar starts at the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/terms');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  // Another page, and the same page again, each opened anew: at the top, not where /terms was left.
  await page.goto('/privacy-policy');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goto('/terms');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
