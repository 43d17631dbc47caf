import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, freshTest } from './fixtures.ts';
import { createListing } from './helpers.ts';

// The first-visit carousel: Back and Skip, one height for every step, and never over a listing
// reached from a shared link (it opens once the visitor moves on).
const SHOTS = process.env.SCREENS_DIR ?? 'test-results/screens';

function de(id: string): string {
  const po = fs.readFileSync('src/client/locales/de/shell.po', 'utf8');
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`\\nmsgid "${escaped}"\\nmsgstr "((?:[^"\\\\]|\\\\.)*)"`).exec(po);
  if (!m?.[1]) throw new Error(`no German text for ${id}`);
  return JSON.parse(`"${m[1]}"`);
}

// Past the commit after hydration, where the carousel would open.
const settled = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

freshTest('Back and Skip; the carousel keeps one height from step to step', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await page.evaluate(() => localStorage.removeItem('onboardingComplete'));
    await page.reload();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Step 1 of 5')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeHidden();
    const heights = new Set<number>();
    for (let step = 1; step <= 5; step++) {
      await expect(dialog.getByText(`Step ${step} of 5`)).toBeVisible();
      heights.add(Math.round((await dialog.boundingBox())?.height ?? 0));
      if (step < 5) await dialog.getByRole('button', { name: 'Next' }).click();
    }
    expect([...heights]).toHaveLength(1);
    await expect(dialog.getByRole('button', { name: 'Skip' })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/onboarding-steady-last-${width}.png` });
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Connect with others' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByText('Step 3 of 5')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/onboarding-step3-${width}.png` });
    expect(await page.evaluate(() => localStorage.getItem('onboardingComplete'))).toBeNull();
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('onboardingComplete'))).toBe('true');
  }
});

freshTest('in German: Skip closes it for good', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/de/blog');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: de('Next') }).click();
  await expect(dialog.getByRole('button', { name: de('Back') })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/onboarding-de-375.png` });
  await dialog.getByRole('button', { name: de('Skip') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await settled(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

freshTest(
  'a shared listing link is not covered; the carousel opens on the next page',
  async ({ page, request }) => {
    const { id } = await createListing(request, 'Shared link beds');
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const prefix of ['', '/de']) {
      await page.context().clearCookies();
      await page.goto(`${prefix}/listings/${id}`);
      await page.evaluate(() => localStorage.removeItem('onboardingComplete'));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Shared link beds' })).toBeVisible();
      await settled(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Leaving the listing: the carousel opens now.
      await page.getByRole('link', { name: 'Yardshare' }).first().click();
      await page.waitForURL(prefix ? /\/de$/ : '/');
      const title = prefix ? de('Welcome to Yardshare') : 'Welcome to Yardshare';
      const carousel = page.getByRole('dialog', { name: title });
      await expect(carousel).toBeVisible();
      await carousel.getByRole('button', { name: prefix ? de('Close') : 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  },
);
