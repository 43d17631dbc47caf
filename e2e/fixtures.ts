import { test as base, expect } from '@playwright/test';

// Every spec imports `test` and `expect` from here instead of '@playwright/test':
//   import { expect, test } from './fixtures.ts';
// Each page starts with localStorage.onboardingComplete = 'true', so the first-visit onboarding
// modal does not cover the screen. A spec that tests onboarding itself uses `freshTest`.
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      try {
        window.localStorage.setItem('onboardingComplete', 'true');
      } catch {
        // about:blank and opaque origins have no storage
      }
    });
    await use(page);
  },
});

// The plain Playwright test: a brand-new visitor, onboarding not yet seen.
export const freshTest = base;
export { expect };
