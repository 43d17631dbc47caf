import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
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

// browser.newContext() with the onboarding flag already set.
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(skipOnboarding);
  return context;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(skipOnboarding);
    await use(context);
  },
});

// The plain Playwright test: a brand-new visitor, onboarding not yet seen.
export const freshTest = base;
export { expect };
