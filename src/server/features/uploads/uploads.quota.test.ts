import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { multipart, png } from '../../testing/images.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const MAX_BYTES = 200_000;
const { app, config, db } = await buildTestApp({
  UPLOAD_MAX_PER_DAY: '5',
  UPLOAD_MAX_BYTES_PER_DAY: String(MAX_BYTES),
});

const upload = (cookie: string, count = 1, data?: Buffer) =>
  (async () => {
    const image = data ?? (await png());
    const { payload, headers } = multipart(
      Array.from({ length: count }, (_, i) => ({ name: `${i}.png`, type: 'image/png', data: image })),
    );
    return app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, cookie } });
  })();

const rowsOf = (userId: number) => db.db.select().from(uploads).where(eq(uploads.userId, userId));

describe('daily upload quota per user', () => {
  it('lets exactly the limit through when 50 uploads arrive at once', async () => {
    const { user, cookie } = await registerUser(app);
    const image = await png();
    const results = await Promise.all(Array.from({ length: 50 }, () => upload(cookie, 1, image)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(45);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({
      message: 'You have reached the limit of 5 images a day; try again later',
      code: 'UPLOAD_QUOTA',
    });
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(5);
    for (const r of rows)
      expect(fs.existsSync(path.join(config.uploadsDir, path.basename(r.path)))).toBe(true);
    expect(fs.readdirSync(config.uploadsDir)).toHaveLength(5);

    // The quota is per user.
    const other = await registerUser(app);
    expect((await upload(other.cookie)).statusCode).toBe(200);
  });

  it('refuses a request that would go over, whole, and says how many are left', async () => {
    const { user, cookie } = await registerUser(app);
    expect((await upload(cookie, 4)).statusCode).toBe(200);
    const over = await upload(cookie, 3);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You can upload 1 more image today (at most 5 a day)');
    expect(await rowsOf(user.id)).toHaveLength(4);
    expect((await upload(cookie, 1)).statusCode).toBe(200);
    expect((await upload(cookie, 1)).statusCode).toBe(429);
  });

  it('counts the bytes of the stored files, also under concurrency', async () => {
    const { user, cookie } = await registerUser(app);
    const noise = await sharp({
      create: {
        width: 320,
        height: 320,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .png()
      .toBuffer();
    const first = await upload(cookie, 1, noise);
    expect(first.statusCode).toBe(200);
    const [row] = await rowsOf(user.id);
    const size = fs.statSync(path.join(config.uploadsDir, path.basename(row.path))).size;
    expect(row.bytes).toBe(size);
    // Big enough that the byte limit, not the count limit, is the one reached.
    const fit = Math.floor(MAX_BYTES / size);
    expect(fit).toBeGreaterThanOrEqual(2);
    expect(fit).toBeLessThan(5);

    const results = await Promise.all(Array.from({ length: 20 }, () => upload(cookie, 1, noise)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(fit - 1);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(20 - (fit - 1));
    expect(refused[0].json().message).toBe(
      'You have reached the limit of 0.2 MB of images a day; try again later',
    );
    const rows = await rowsOf(user.id);
    expect(rows.reduce((s, r) => s + r.bytes, 0)).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('is a rolling day: uploads older than 24 hours no longer count', async () => {
    const { user, cookie } = await registerUser(app);
    expect((await upload(cookie, 5)).statusCode).toBe(200);
    expect((await upload(cookie, 1)).statusCode).toBe(429);
    await db.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(uploads.userId, user.id));
    expect((await upload(cookie, 5)).statusCode).toBe(200);
  });
});
