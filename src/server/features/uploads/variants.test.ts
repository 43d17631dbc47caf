import { randomBytes } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS, photoSrcSet } from '#shared/photos.ts';
import { uploads } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { uploadImage } from '../../testing/images.ts';
import { startTestS3 } from '../../testing/s3-server.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadName } from './upload-store.ts';
import { purgeUnattachedUploads } from './uploads.service.ts';
import { makePendingVariants } from './variants.ts';

// A photo in the width a screen needs (ADR 039): copies made at upload, older photos' copies made by
// the variants job, the photo itself answering for a width it does not exceed; in every store.
const s3 = await startTestS3();
afterAll(() => s3.close());
const apps: Record<'disk' | 'database' | 's3', TestApp> = {
  disk: await buildTestApp({ UPLOADS_STORE: 'disk' }),
  database: await buildTestApp({ UPLOADS_STORE: 'database' }),
  s3: await buildTestApp({ ...s3.env }),
};

const jpeg = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#6a8',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
const widthOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).width;

describe.each(['disk', 'database', 's3'] as const)('the %s store', (kind) => {
  const { app, db } = apps[kind];
  const get = (url: string) => app.inject({ method: 'GET', url });
  const upload = (cookie: string, data: Buffer) =>
    uploadImage(app, cookie, { name: 'p.jpg', type: 'image/jpeg', data });
  const at = (p: string, w: number) => p.replace(/\.webp$/, `-w${w}.webp`);

  it('makes a copy at each narrower width at upload, each cached for good and smaller than the photo', async () => {
    const { cookie } = await registerUser(app);
    const p = await upload(cookie, await jpeg(2000, 1500));
    const whole = await get(p);
    expect(await widthOf(whole.rawPayload)).toBe(2000);
    let previous = 0;
    for (const w of PHOTO_WIDTHS) {
      const res = await get(at(p, w));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await widthOf(res.rawPayload)).toBe(w);
      expect(res.rawPayload.length).toBeGreaterThan(previous);
      expect(res.rawPayload.length).toBeLessThan(whole.rawPayload.length);
      previous = res.rawPayload.length;
      // Revalidation answers 304 for a copy as for the photo.
      const again = await app.inject({
        method: 'GET',
        url: at(p, w),
        headers: { 'if-none-match': res.headers.etag },
      });
      expect(again.statusCode).toBe(304);
    }
    const [row] = await db.db.select().from(uploads).where(eq(uploads.path, p));
    expect(row.variantsAt).not.toBeNull();
  });

  it('answers a width wider than the photo with the photo itself, briefly cached; other names are 404', async () => {
    const { cookie } = await registerUser(app);
    const p = await upload(cookie, await jpeg(600, 400));
    expect(await widthOf((await get(at(p, 480))).rawPayload)).toBe(480);
    const wide = await get(at(p, 800));
    expect(wide.statusCode).toBe(200);
    expect(await widthOf(wide.rawPayload)).toBe(600);
    expect(wide.headers['cache-control']).toBe('public, max-age=600');
    expect(wide.headers.etag).toBeUndefined();
    expect((await get(at(p, 500))).statusCode).toBe(404);
    expect((await get(`/uploads/${randomBytes(16).toString('hex')}-w480.webp`)).statusCode).toBe(404);
  });

  it('gives older photos their copies through the job, once, and the purge removes the copies with the photo', async () => {
    const { id } = (await registerUser(app)).user;
    // A photo stored before copies were made at upload: a file and a row without variants_at.
    const name = `${randomBytes(16).toString('hex')}.webp`;
    const file = {
      name,
      bytes: await sharp(await jpeg(1000, 700))
        .webp()
        .toBuffer(),
      contentType: 'image/webp',
    };
    await db.db.transaction(async (tx) => {
      await tx.insert(uploads).values({ userId: id, path: `/uploads/${name}`, bytes: file.bytes.length });
      await app.uploadStore.saveInTransaction(tx, [file]);
    });
    await app.uploadStore.saveAfterCommit([file]);
    const p = `/uploads/${name}`;
    const before = await get(at(p, 480));
    expect(before.statusCode, before.body.slice(0, 200)).toBe(200);
    expect(await widthOf(before.rawPayload)).toBe(1000);

    // The job runs with the others (a fresh upload, so the hourly purge keeps it).
    expect(await app.jobs.tick(new Date(Date.now() + 3_600_000))).toContain('uploads.variants');
    for (const w of [480, 800]) {
      const res = await get(at(p, w));
      expect(await widthOf(res.rawPayload)).toBe(w);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(await widthOf((await get(at(p, 1200))).rawPayload)).toBe(1000);
    const pending = await db.db.select().from(uploads).where(isNull(uploads.variantsAt));
    expect(pending.map((r) => r.path)).not.toContain(p);
    expect(await makePendingVariants(db.db, app.uploadStore)).toBe(0);

    // Nothing uses it: the purge deletes the photo and its copies from the store.
    expect(
      await purgeUnattachedUploads(db.db, app.uploadStore, new Date(Date.now() + 2 * 86_400_000)),
    ).toContain(p);
    for (const n of [name, uploadName(at(p, 480))!, uploadName(at(p, 800))!])
      expect(await app.uploadStore.read(n)).toBeNull();
    expect((await get(at(p, 480))).statusCode).toBe(404);
  });
});

describe.each(['disk', 's3'] as const)('a variants run stopped half-way, %s store', (kind) => {
  const { app, db } = apps[kind];
  it('is finished by the next run, as after a restart: the copy written before the stop is replaced', async () => {
    const { id } = (await registerUser(app)).user;
    const name = `${randomBytes(16).toString('hex')}.webp`;
    const photo = {
      name,
      bytes: await sharp(await jpeg(900, 600))
        .webp()
        .toBuffer(),
      contentType: 'image/webp',
    };
    await db.db.transaction(async (tx) => {
      await tx.insert(uploads).values({ userId: id, path: `/uploads/${name}`, bytes: photo.bytes.length });
      await app.uploadStore.saveInTransaction(tx, [photo]);
    });
    await app.uploadStore.saveAfterCommit([photo]);
    // The stopped run wrote a copy's file (cut short) and never marked the upload: nothing in the
    // process remembers it, only the row's variants_at is still null.
    const copy = name.replace(/\.webp$/, '-w480.webp');
    await app.uploadStore.saveAfterCommit([
      { name: copy, bytes: photo.bytes.subarray(0, 100), contentType: 'image/webp' },
    ]);
    expect(await makePendingVariants(db.db, app.uploadStore)).toBeGreaterThanOrEqual(1);
    const stored = await app.uploadStore.read(copy);
    expect(stored && (await widthOf(stored.bytes))).toBe(480);
    const [row] = await db.db
      .select()
      .from(uploads)
      .where(eq(uploads.path, `/uploads/${name}`));
    expect(row.variantsAt).not.toBeNull();
  });
});

describe('photoSrcSet', () => {
  it('lists the copies of our photos only', () => {
    const p = `/uploads/${'a'.repeat(32)}.webp`;
    expect(photoSrcSet(p)).toBe(PHOTO_WIDTHS.map((w) => `${at32(w)} ${w}w`).join(', '));
    expect(photoSrcSet('/images/hero.webp')).toBeUndefined();
    expect(photoSrcSet('https://example.com/x.webp')).toBeUndefined();
    expect(photoSrcSet(undefined)).toBeUndefined();
  });
  const at32 = (w: number) => `/uploads/${'a'.repeat(32)}-w${w}.webp`;
});
