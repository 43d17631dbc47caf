import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { registerVerified, toastEl, verifyEmail } from './helpers.ts';

const shots = (name: string) => `test-results/screens/${name}.png`;

test('a host creates a listing with a photo, finds it, edits it and deletes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerVerified(page);
  const city = 'Bend';

  await page.goto('/create-listing');
  await expect(page.getByRole('heading', { name: 'List Your Growing Space' })).toBeVisible();
  // Client validation mirrors the server's.
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Price is required for rentals')).toBeVisible();

  await page.getByLabel('Title').fill('Raised beds by the creek');
  await page.getByLabel('Size (optional)').fill('300 sq ft');
  await page
    .getByLabel('Description')
    .fill('Six cedar raised beds with drip irrigation, full sun all afternoon.');
  await page.getByLabel('Monthly price ($)').fill('85');
  await page.getByLabel('Address / location').fill('42 Creek Rd');
  await page.getByLabel('City').fill(city);
  // The state from the list, stored as its code; amenities ticked from the filters' words, and
  // free extras typed (ADR 038).
  await page.getByLabel('State', { exact: true }).selectOption('OR');
  await page.getByLabel('Fenced').check();
  await page.getByLabel('Amenities (comma-separated)').fill('Water access, , Tool shed, water access');
  const jpeg = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 70, g: 130, b: 60 } } })
      .jpeg()
      .toBuffer();
  const photo = await jpeg(960, 640);
  // A file that only claims to be a photo is refused by the server, with the spec's toast text.
  await page
    .locator('#listing-images')
    .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image') });
  await expect(toastEl(page).getByText('Upload failed')).toBeVisible();
  await expect(
    toastEl(page).getByText('Failed to upload images: Only JPEG, PNG, WebP, GIF or AVIF images are accepted'),
  ).toBeVisible();
  await expect(page.getByAltText('Uploaded preview')).toHaveCount(0);
  // A photo under 640 px on its shorter side is refused with the reason (ADR 038).
  await page
    .locator('#listing-images')
    .setInputFiles({ name: 'small.jpg', mimeType: 'image/jpeg', buffer: await jpeg(900, 600) });
  await expect(
    toastEl(page).getByText(
      'Failed to upload images: Each photo of a listing must be at least 640 px on its shorter side',
    ),
  ).toBeVisible();
  await page
    .locator('#listing-images')
    .setInputFiles({ name: 'garden.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(toastEl(page).getByText('Images uploaded')).toBeVisible();
  await expect(page.getByAltText('Uploaded preview')).toHaveCount(1);
  await page.screenshot({ path: shots('create-listing-1280'), fullPage: true });
  await page.getByRole('button', { name: 'Create Listing' }).click();

  await page.waitForURL('/profile');
  await expect(toastEl(page).getByText('Listing created successfully')).toBeVisible();
  await expect(toastEl(page).getByText('Your space is now visible to others')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Raised beds by the creek' })).toBeVisible();
  await page.screenshot({ path: shots('profile-1280'), fullPage: true });

  // Find it through search and filters.
  await page.goto('/listings');
  await page.getByLabel('Search by city or state').fill(`${city}, OR`);
  await page.getByRole('button', { name: 'Search Spaces' }).click();
  await expect(page).toHaveURL(/location=Bend/);
  await expect(page.getByText('Raised beds by the creek')).toBeVisible();
  await expect(page.getByText('$85 / month')).toBeVisible();
  await page.getByRole('button', { name: 'Work Exchange' }).click();
  await expect(page).toHaveURL(/type=exchange/);
  await expect(page.getByText('No listings found')).toBeVisible();
  await page.getByRole('button', { name: 'Paid Spaces' }).click();
  await expect(page.getByText('Raised beds by the creek')).toBeVisible();
  await page.screenshot({ path: shots('listings-1280'), fullPage: true });
  await page.getByRole('button', { name: 'Map' }).click();
  await expect(page.getByTestId('listings-map')).toBeVisible();
  await expect(page.locator('.leaflet-interactive')).toHaveCount(1);
  await page.getByRole('button', { name: 'Grid' }).click();

  // Detail.
  await page.getByRole('link', { name: 'View Raised beds by the creek' }).click();
  await expect(page.getByRole('heading', { name: 'Raised beds by the creek' })).toBeVisible();
  await expect(page.getByText('300 sq ft')).toBeVisible();
  await expect(page.getByText('Water access')).toBeVisible();
  await expect(page.getByText('Tool shed')).toBeVisible();
  await expect(page.getByText('Fenced')).toBeVisible();
  await expect(page.getByText(/^Host #\d+$/)).toBeVisible();
  await expect(page.getByText(/Member since \w+ \d{4}/)).toBeVisible();
  const img = page.getByRole('img', { name: 'Raised beds by the creek' });
  await expect(img).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/);
  await page.screenshot({ path: shots('listing-detail-1280'), fullPage: true });
  const id = page.url().split('/').pop();

  // Edit from the profile.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit Raised beds by the creek' }).click();
  await page.getByLabel('Title').fill('Cedar beds by the creek');
  await page.getByLabel('Monthly price ($)').fill('95');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.waitForURL(`/listings/${id}`);
  await expect(page.getByRole('heading', { name: 'Cedar beds by the creek' })).toBeVisible();
  await expect(page.getByText('$95', { exact: true })).toBeVisible();

  // Delete with the confirm dialog.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete Cedar beds by the creek' }).click();
  await expect(page.getByText('Are you sure?')).toBeVisible();
  await expect(page.getByText('This will permanently delete your listing')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toastEl(page).getByText('Listing deleted')).toBeVisible();
  await expect(page.getByText('No Listings Yet')).toBeVisible();
  await page.goto(`/listings/${id}`);
  await expect(page.getByText('Error Loading Listing')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse All Listings' })).toBeVisible();
});

test('home: hero search, featured spaces and the map block', async ({ page, request }) => {
  const tag = Date.now();
  const login = await request.post('/api/register', {
    data: {
      username: `home_${tag}`,
      email: `home_${tag}@example.com`,
      name: 'Home Host',
      password: 'garden-pass-1',
    },
  });
  expect(login.status()).toBe(201);
  await verifyEmail(request, `home_${tag}@example.com`);
  for (const [i, type] of (['rental', 'exchange', 'community'] as const).entries()) {
    const res = await request.post('/api/listings', {
      data: {
        type,
        title: `Featured ${type} ${i}`,
        description: 'A lovely place to grow vegetables and flowers together.',
        price: type === 'rental' ? 40 : null,
        workHours: type === 'exchange' ? 6 : null,
        location: '1 Main St',
        city: 'Boise',
        state: 'ID',
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured spaces' })).toBeVisible();
  const featured = page.locator('section[aria-labelledby="featured-heading"] li');
  await expect(featured.first()).toBeVisible();
  expect(await featured.count()).toBeLessThanOrEqual(6);
  await page.getByRole('button', { name: 'Exchange', exact: true }).click();
  await expect(page.getByText('Featured exchange 1')).toBeVisible();
  await expect(page.getByText('6 hrs / week').first()).toBeVisible();
  await page.getByRole('button', { name: 'Community', exact: true }).click();
  await expect(page.getByText('Free community garden').first()).toBeVisible();
  await page.screenshot({ path: shots('home-1280'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: shots('home-375'), fullPage: true });
  await page.getByPlaceholder('Enter location').first().fill('Boise, ID');
  await page.getByRole('button', { name: 'Find Your Space Now!' }).click();
  await expect(page).toHaveURL(/\/listings\?location=Boise%2C(\+|%20)ID$/);
  await expect(page.getByText('Featured rental 0')).toBeVisible();
  await page.screenshot({ path: shots('listings-375'), fullPage: true });
  await page.getByRole('link', { name: 'View Featured rental 0' }).click();
  await expect(page.getByRole('heading', { name: 'Featured rental 0' })).toBeVisible();
  await expect(page.getByText('No images available')).toBeVisible();
  await page.screenshot({ path: shots('listing-detail-375'), fullPage: true });

  await page.goto('/');
  await page.getByRole('button', { name: 'Find Your Space Now!' }).click();
  await expect(page).toHaveURL(/\/listings$/);
  // A date chosen under When keeps the listings with a plot free that day.
  await page.goto('/');
  await page.getByPlaceholder('Enter location').first().fill('Boise, ID');
  const day = `${new Date().getUTCFullYear() + 1}-06-15`;
  await page.getByLabel('When').fill(day);
  await page.getByRole('button', { name: 'Find Your Space Now!' }).click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?location=Boise%2C(\\+|%20)ID&available=${day}$`));
  await expect(page.getByText(`Free on Jun 15, ${day.slice(0, 4)}`)).toBeVisible();
  await expect(page.getByText('Featured rental 0')).toBeVisible();
  await page.goto('/');
  await page.getByLabel('Location').fill('Boise, ID');
  await page.getByRole('button', { name: 'View Interactive Map' }).click();
  await expect(page).toHaveURL(/location=Boise.*view=map/);
  await expect(page.getByTestId('listings-map')).toBeVisible();
});

test('the /listing/:id form and a missing listing', async ({ page }) => {
  await page.goto('/listing/987654');
  await expect(page.getByText('Error Loading Listing')).toBeVisible();
  await page.getByRole('link', { name: 'Browse All Listings' }).click();
  await expect(page).toHaveURL(/\/listings$/);
});
