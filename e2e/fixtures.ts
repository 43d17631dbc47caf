import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type Response,
} from '@playwright/test';

// Every spec imports `test` and `expect` from here instead of '@playwright/test':
//   import { expect, test } from './fixtures.ts';
// Each context starts with localStorage.onboardingComplete = 'true', so the first-visit onboarding
// modal does not cover the screen. Specs that open extra contexts use newContext(browser) below.
// A spec that tests onboarding itself uses `freshTest` (a brand-new visitor).

export function skipOnboarding() {
  try {
    window.localStorage.setItem('onboardingComplete', 'true');
  } catch {
    // about:blank and opaque origins have no storage
  }
}

// Public pages arrive pre-rendered and become interactive when they hydrate, so page.goto() and
// page.reload() also wait for the app's html[data-hydrated] mark (a click before it would be lost).
async function untilHydrated(page: Page, res: Response | null) {
  if (!res || !(res.headers()['content-type'] ?? '').includes('text/html')) return;
  if ((await page.locator('#root').count()) === 0) return; // a server page, such as the sandbox checkout
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

function waitForHydrationOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await untilHydrated(page, res);
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await untilHydrated(page, res);
    return res;
  };
}

async function prepare(context: BrowserContext) {
  await context.addInitScript(skipOnboarding);
  context.on('page', waitForHydrationOnLoad);
}

// browser.newContext() with the onboarding flag already set.
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await prepare(context);
  return context;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await prepare(context);
    await use(context);
  },
});

// The plain Playwright test: a brand-new visitor, onboarding not yet seen.
export const freshTest = base.extend({
  context: async ({ context }, use) => {
    context.on('page', waitForHydrationOnLoad);
    await use(context);
  },
});
export { expect };
