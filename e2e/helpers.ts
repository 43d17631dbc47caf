import type { Page } from '@playwright/test';

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

export async function register(page: Page, u = newUser()) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(u.username);
  await page.getByLabel('Email').fill(u.email);
  await page.getByLabel('Full Name').fill(u.name);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByLabel('Confirm Password').fill(u.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('/');
  return u;
}

// The visible toast (Radix also copies its text into a screen-reader live region).
export const toastEl = (page: Page) => page.locator('[data-variant]');
