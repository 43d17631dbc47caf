import { expect, test } from './fixtures.ts';
import { newUser, openRegisterTab, register, toastEl } from './helpers.ts';

test('register, log out, log in', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const u = await register(page);
  await expect(toastEl(page).getByText('Registration successful')).toBeVisible();
  await expect(toastEl(page).getByText(`Welcome to Yardshare, ${u.name}!`)).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  for (const item of ['Profile', 'Messages', 'List Your Space', 'Log out']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toastEl(page).getByText('You have been successfully logged out')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join', exact: true })).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Username').fill(u.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastEl(page).getByText('Login failed')).toBeVisible();
  await expect(toastEl(page).getByText('Invalid username or password')).toBeVisible();

  await page.getByLabel('Password').fill(u.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('/');
  await expect(toastEl(page).getByText(`Welcome back, ${u.name}!`)).toBeVisible();
  // Only one toast at a time.
  await expect(page.locator('[data-variant]')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/home-signed-in-1280.png' });
});

test('register validation: passwords must match', async ({ page }) => {
  await page.goto('/auth');
  await openRegisterTab(page);
  const u = newUser();
  await page.getByLabel('Username').fill(u.username);
  await page.getByLabel('Email').fill(u.email);
  await page.getByLabel('Full Name').fill(u.name);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByLabel('Confirm Password').fill('something-else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
});

test('duplicate username shows the server message', async ({ page, request }) => {
  const u = newUser();
  expect((await request.post('/api/register', { data: u })).status()).toBe(201);
  await page.goto('/auth');
  await openRegisterTab(page);
  await page.getByLabel('Username').fill(u.username);
  await page.getByLabel('Email').fill(`other_${u.email}`);
  await page.getByLabel('Full Name').fill(u.name);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByLabel('Confirm Password').fill(u.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toastEl(page).getByText('Registration failed')).toBeVisible();
  await expect(toastEl(page).getByText('Username already exists')).toBeVisible();
});

test('protected routes redirect to /auth when signed out, with the way back', async ({ page }) => {
  for (const path of ['/profile', '/messages', '/messages/3']) {
    await page.goto(path);
    await page.waitForURL(`/auth?next=${path}`);
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  }
  // List Your Space: a would-be host usually has no account yet, so the register tab (ADR 052).
  await page.goto('/create-listing');
  await page.waitForURL('/auth?next=/create-listing&tab=register');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
});

test('a signed-in user opening /auth goes home', async ({ page }) => {
  await register(page);
  await page.goto('/auth');
  await page.waitForURL('/');
});

test('unknown paths show the 404 screen, with links home and to the listings', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Yardshare');
  await page.getByRole('link', { name: 'Browse all listings' }).click();
  await page.waitForURL('/listings');
  await page.goto('/de/gibt/es/nicht');
  await expect(page.getByRole('heading', { name: '404: Seite nicht gefunden' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await page.waitForURL(/\/de$/);
});

test('a missing listing: Error Loading Listing and its button', async ({ page }) => {
  await page.goto('/listings/999999999');
  await expect(page.getByRole('heading', { name: 'Error Loading Listing' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse All Listings' }).click();
  await page.waitForURL('/listings');
});

test('mobile drawer lists the spec entries, signed out and in', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  for (const item of [
    'Home',
    'Explore',
    'Host Your Space',
    'How It Works',
    'Our Mission',
    'Blog',
    'Sign In / Join',
  ]) {
    await expect(drawer.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/screens/drawer-signed-out-375.png' });
  await page.keyboard.press('Escape');
  await register(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Messages' })).toBeVisible();
  // Wait for the server's answer itself (not a clock): under a loaded suite the sign-out can
  // queue behind other work on the embedded database's single connection.
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/logout'));
  await drawer.getByRole('button', { name: 'Log Out' }).click();
  expect((await loggedOut).ok()).toBe(true);
  await expect(toastEl(page).getByText('You have been successfully logged out')).toBeVisible();
  await page.goto('/auth');
  await page.screenshot({ path: 'test-results/screens/auth-375.png', fullPage: true });
});

test('assets are compressed and cached; headers are strict', async ({ request, page }) => {
  await page.goto('/');
  const html = await request.get('/');
  expect(html.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  const src = await page.locator('script[type="module"]').first().getAttribute('src');
  const asset = await request.get(src!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toMatch(/br|gzip/);
  expect(asset.headers()['cache-control']).toMatch(/immutable/);
});
