import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, newContext, test } from './fixtures.ts';
import { newUser, verifyEmail } from './helpers.ts';

// A listing's photos (thumbnails, the full-screen viewer with keys and swipes) and the host's
// public profile reached from 'Host #N'.

const shots = (name: string) => `test-results/screens/${name}.png`;
const TITLE = 'Three-bed kitchen garden';
const COLOURS = [
  { r: 70, g: 130, b: 60 },
  { r: 190, g: 120, b: 50 },
  { r: 60, g: 110, b: 170 },
];
let listingId = 0;
let hostId = 0;
let hostUsername = '';
let hostPassword = '';
const images: string[] = [];

test.beforeAll(async ({ browser }) => {
  const context = await newContext(browser);
  const u = { ...newUser(), name: 'Hazel Hawthorn' };
  hostUsername = u.username;
  hostPassword = u.password;
  const reg = await context.request.post('/api/register', { data: u });
  expect(reg.status()).toBe(201);
  hostId = (await reg.json()).id;
  await verifyEmail(context.request, u.email);
  const bio = await context.request.patch('/api/user', {
    data: { bio: 'I grow tomatoes and share the spare beds.' },
  });
  expect(bio.status()).toBe(200);
  for (const [i, background] of COLOURS.entries()) {
    const buffer = await sharp({ create: { width: 960, height: 640, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const res = await context.request.post('/api/upload', {
      multipart: { images: { name: `bed-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer } },
    });
    expect(res.status(), await res.text()).toBe(200);
    images.push(...((await res.json()) as string[]));
  }
  const res = await context.request.post('/api/listings', {
    data: {
      type: 'rental',
      title: TITLE,
      description: 'Three raised beds in a sunny back garden, water on site and a shed for tools.',
      location: '8 Garden Lane',
      city: 'Eugene',
      state: 'OR',
      price: 55,
      workHours: null,
      amenities: ['Water access'],
      images,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  listingId = (await res.json()).id;
  await context.close();
});

const counter = (page: Page) => page.getByRole('dialog').getByText(/^\d+ \/ 3$/);

for (const width of [375, 1280]) {
  test(`gallery and host profile at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await page.goto(`/listings/${listingId}`);
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    // The first photo stays the main one; the rest are thumbnails.
    await expect(page.getByRole('button', { name: 'Open photo 1 of 3' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'More photos' }).getByRole('button')).toHaveCount(2);
    await page.screenshot({ path: shots(`listing-photos-${width}`) });

    await page.getByRole('button', { name: 'Open photo 2 of 3' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(counter(page)).toHaveText('2 / 3');
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText('3 / 3');
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText('1 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page)).toHaveText('3 / 3');
    await dialog.getByRole('button', { name: 'Previous photo' }).click();
    await expect(counter(page)).toHaveText('2 / 3');
    // A swipe to the left shows the next photo.
    const img = dialog.getByRole('img');
    const box = (await img.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await expect(counter(page)).toHaveText('3 / 3');
    await expect(dialog.getByRole('button', { name: 'Next photo' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await page.screenshot({ path: shots(`gallery-${width}`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // 'Host #N' leads to the public profile: first name, bio, the listing; never the username.
    await page.getByRole('link', { name: `Host #${hostId}` }).click();
    await page.waitForURL(`/users/${hostId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hazel' })).toBeVisible();
    await expect(page.getByText('I grow tomatoes and share the spare beds.')).toBeVisible();
    await expect(page.getByText(/Member since/)).toBeVisible();
    await expect(page.getByRole('link', { name: `View ${TITLE}` })).toBeVisible();
    await expect(page.getByText('No reviews of their spaces yet.')).toBeVisible();
    const body = (await page.locator('#root').textContent()) ?? '';
    expect(body).not.toContain(hostUsername);
    expect(body).not.toContain('Hawthorn');
    await page.screenshot({ path: shots(`user-profile-${width}`), fullPage: true });
  });
}

test('the host reorders the photos and chooses the cover; the listing keeps that order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const login = await page.request.post('/api/login', {
    data: { username: hostUsername, password: hostPassword },
  });
  expect(login.status()).toBe(200);
  await page.goto(`/listings/${listingId}/edit`);
  await expect(page.getByAltText('Uploaded preview')).toHaveCount(3);
  await expect(page.getByAltText('Uploaded preview 1 (cover)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move photo 3 right' })).toBeDisabled();
  // The third becomes the cover, then the (old) first moves right: [3, 2, 1].
  await page.getByRole('button', { name: 'Make cover (photo 3)' }).click();
  await page.getByRole('button', { name: 'Move photo 2 right' }).click();
  await expect(page.getByAltText('Uploaded preview 1 (cover)')).toHaveAttribute('src', images[2]);
  await page.screenshot({ path: shots('listing-photos-order-1280'), fullPage: true });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.waitForURL(`/listings/${listingId}`);
  const saved = await (await page.request.get(`/api/listings/${listingId}`)).json();
  expect(saved.images).toEqual([images[2], images[1], images[0]]);
  await expect(page.getByRole('button', { name: 'Open photo 1 of 3' }).getByRole('img')).toHaveAttribute(
    'src',
    images[2],
  );
});

test('an unknown profile says so', async ({ page }) => {
  await page.goto('/users/999999');
  await expect(page.getByRole('heading', { name: 'Member not found' })).toBeVisible();
});
