import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { expect, newContext, test } from './fixtures.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

// npm start on a fresh DATA_DIR (ADR 023): the built server seeds the demo marketplace before it
// listens, and the home page shows six featured spaces with photos that differ. Its own server
// (the 'first-start' project's baseURL), with demo seeding on as by default, in a clean folder so
// that no .env applies.

const shots = (name: string) => `test-results/screens/${name}.png`;
// Seeding draws a few hundred photos: on a loaded 2-core box that has taken 40 s and more.
const STARTUP_MS = 240_000;

let server: OwnServer | null = null;

const logLines = () =>
  (server?.log() ?? '')
    .split('\n')
    .map((l) => {
      try {
        return String(JSON.parse(l).msg ?? '');
      } catch {
        return l;
      }
    })
    .filter(Boolean);

// Seeding happens before listen: the first answer is from a seeded marketplace.
test.beforeAll(async () => {
  test.setTimeout(STARTUP_MS + 30_000);
  const base = new URL(String(test.info().project.use.baseURL));
  server = await startOwnServer({
    name: 'first-start',
    origin: base.origin,
    timeoutMs: STARTUP_MS,
    env: (dataDir) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: base.port,
        HOST: '127.0.0.1',
        PUBLIC_URL: base.origin,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
      };
      for (const key of ['SEED_DEMO', 'SMTP_URL', 'UPLOADS_STORE']) delete env[key];
      return env;
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a fresh data dir opens on the demo marketplace: six featured spaces with different photos', async ({
  page,
}) => {
  const lines = logLines();
  expect(lines.some((l) => l.startsWith('Seeding the demo marketplace'))).toBe(true);
  const summary = lines.find((l) => l.startsWith('Demo marketplace ready in'));
  expect(summary, lines.join('\n')).toContain('yardshare-demo');
  const ready = lines.find((l) => l.startsWith('Yardshare ready in'));
  // The server runs on the project's pinned Node (ADR 010), as this test does.
  expect(ready).toContain(`Node ${process.version}`);
  for (const l of [summary, ready])
    if (l) test.info().annotations.push({ type: 'first start', description: l });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const cards = page.locator('section[aria-labelledby="featured-heading"] li');
  await expect(cards).toHaveCount(6);
  const imgs = cards.locator('img');
  await expect(imgs).toHaveCount(6);
  const srcs = await imgs.evaluateAll((els) =>
    els.map((e) => (e as HTMLImageElement).currentSrc || e.getAttribute('src')),
  );
  expect(new Set(srcs).size).toBe(6);

  // Every photo shows in the page (lazy ones once scrolled to).
  for (let i = 0; i < 6; i++) {
    const img = imgs.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }

  // Different files, and different pictures: decoded, no two look alike (a 16 x 16 sample differs
  // by a clear margin on average), so the demo is not one drawing under several names.
  const decoded: Buffer[] = [];
  const fileHashes = new Set<string>();
  const pixelHashes = new Set<string>();
  for (const src of srcs) {
    const res = await page.request.get(String(src));
    expect(res.status(), String(src)).toBe(200);
    const bytes = await res.body();
    fileHashes.add(createHash('sha256').update(bytes).digest('hex'));
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThanOrEqual(900);
    pixelHashes.add(createHash('sha256').update(data).digest('hex'));
    decoded.push(await sharp(bytes).removeAlpha().resize(16, 16, { fit: 'fill' }).raw().toBuffer());
  }
  expect(fileHashes.size).toBe(6);
  expect(pixelHashes.size).toBe(6);
  for (let a = 0; a < decoded.length; a++)
    for (let b = a + 1; b < decoded.length; b++) {
      let diff = 0;
      for (let i = 0; i < decoded[a].length; i++) diff += Math.abs(decoded[a][i] - decoded[b][i]);
      expect(diff / decoded[a].length, `photos ${a + 1} and ${b + 1}`).toBeGreaterThan(8);
    }

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shots('first-start-home-1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: shots('first-start-home-375'), fullPage: true });
});

// The demo's reviews are by growers who stayed (ADR 050); a newcomer who never booked can still
// leave one (the spec's open form), and it is marked as such, in English and in Japanese.
test('demo reviews come from stays; a review without a stay is marked, and counted apart', async ({
  page,
  browser,
}) => {
  const items = (await (await page.request.get('/api/listings?limit=100')).json()) as { id: number }[];
  let listingId = 0;
  let rating = { count: 0, fromStays: { count: 0 } };
  for (const { id } of items) {
    const detail = await (await page.request.get(`/api/listings/${id}`)).json();
    if (detail.rating.count >= 2) {
      listingId = id;
      rating = detail.rating;
      break;
    }
  }
  expect(listingId).toBeGreaterThan(0);
  expect(rating.fromStays.count).toBe(rating.count);
  const before = (await (await page.request.get(`/api/listings/${listingId}/reviews`)).json()) as {
    fromStay: boolean;
  }[];
  expect(before.every((r) => r.fromStay)).toBe(true);

  // A new account that never booked reviews the listing.
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const tag = Date.now().toString(36);
  const res = await context.request.post('/api/register', {
    data: {
      username: `new_${tag}`,
      email: `new_${tag}@example.com`,
      name: 'Nina Newcomer',
      password: 'garden-pass-1',
    },
  });
  expect(res.status()).toBe(201);
  const posted = await context.request.post('/api/reviews', {
    data: { listingId, rating: 5, comment: 'Looks lovely from the street; I have not grown here.' },
  });
  expect(posted.status()).toBe(201);
  expect((await posted.json()).fromStay).toBe(false);

  const total = rating.count + 1;
  const stays = rating.fromStays.count;
  for (const lang of ['en', 'ja'] as const) {
    const view = await context.newPage();
    await view.goto(`${lang === 'en' ? '' : '/ja'}/listings/${listingId}`);
    const line = view.getByTestId('listing-rating');
    await expect(line).toContainText(lang === 'en' ? `(${total} reviews)` : `${total}件のレビュー`);
    await expect(view.getByTestId('listing-rating-stays')).toHaveText(
      lang === 'en' ? `${stays} from stays` : `利用者から${stays}件`,
    );
    const mine = view.getByRole('listitem').filter({ hasText: 'Looks lovely from the street' });
    await expect(mine.getByTestId('review-no-stay')).toHaveText(
      lang === 'en' ? 'No verified stay' : '利用未確認',
    );
    await expect(view.getByTestId('review-from-stay')).toHaveCount(stays);
    await expect(view.getByTestId('review-from-stay').first()).toHaveText(
      lang === 'en' ? 'Verified stay' : '利用確認済み',
    );
    await line.scrollIntoViewIfNeeded();
    await view.screenshot({ path: shots(`review-stays-${lang}-1280`), fullPage: true });
    await view.setViewportSize({ width: 375, height: 812 });
    await view
      .getByRole('heading', { name: lang === 'en' ? `Reviews (${total})` : /レビュー/ })
      .first()
      .scrollIntoViewIfNeeded();
    await view.screenshot({ path: shots(`review-stays-${lang}-375-reviews`) });
    await view.evaluate(() => window.scrollTo(0, 0));
    await view.screenshot({ path: shots(`review-stays-${lang}-375`), fullPage: true });
    await view.close();
  }
  await context.close();
});
