import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads, users } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { png, uploadImage } from '../../testing/images.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { purgeUnattachedUploads } from './uploads.service.ts';

const { app, config, db } = await buildTestApp();
const { user, cookie } = await registerUser(app);
const HOUR = 3_600_000;

async function uploadOne(): Promise<string> {
  return uploadImage(app, cookie, { name: 'a.png', type: 'image/png', data: await png() });
}

const fileOf = (p: string) => path.join(config.uploadsDir, path.basename(p));
const made = (p: string, at: Date) => db.db.update(uploads).set({ createdAt: at }).where(eq(uploads.path, p));
const rowsFor = async (paths: string[]) =>
  (await db.db.select({ path: uploads.path }).from(uploads).where(inArray(uploads.path, paths)))
    .map((r) => r.path)
    .sort();

describe('purgeUnattachedUploads', () => {
  it('deletes, 24 hours after they were made, the uploads no listing or avatar uses', async () => {
    const base = new Date('2030-01-01T00:00:00Z');
    const [inListing, inHidden, avatar, unused, noFile, young] = [
      await uploadOne(),
      await uploadOne(),
      await uploadOne(),
      await uploadOne(),
      await uploadOne(),
      await uploadOne(),
    ];
    for (const p of [inListing, inHidden, avatar, unused, noFile]) await made(p, base);
    await made(young, new Date(base.getTime() + 12 * HOUR));
    await insertListing(db, user.id, { images: ['/uploads/elsewhere.webp', inListing] });
    await insertListing(db, user.id, { images: [inHidden], active: false });
    await db.db.update(users).set({ avatar }).where(eq(users.id, user.id));
    fs.rmSync(fileOf(noFile));
    const all = [inListing, inHidden, avatar, unused, noFile, young];

    // Not yet 24 hours.
    expect(
      await purgeUnattachedUploads(db.db, app.uploadStore, new Date(base.getTime() + 23 * HOUR)),
    ).toEqual([]);
    expect(await rowsFor(all)).toEqual([...all].sort());

    const deleted = await purgeUnattachedUploads(
      db.db,
      app.uploadStore,
      new Date(base.getTime() + 25 * HOUR),
    );
    expect(deleted.sort()).toEqual([unused, noFile].sort());
    expect(await rowsFor(all)).toEqual([inListing, inHidden, avatar, young].sort());
    expect(fs.existsSync(fileOf(unused))).toBe(false);
    for (const p of [inListing, inHidden, avatar, young]) expect(fs.existsSync(fileOf(p))).toBe(true);
    expect((await app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);

    // The young one goes once its own day is over.
    expect(
      await purgeUnattachedUploads(db.db, app.uploadStore, new Date(base.getTime() + 37 * HOUR)),
    ).toEqual([young]);
    expect(fs.existsSync(fileOf(young))).toBe(false);
  });

  it('is harmless when two instances purge at once', async () => {
    const base = new Date('2031-01-01T00:00:00Z');
    const paths = [];
    for (let i = 0; i < 6; i++) paths.push(await uploadOne());
    for (const p of paths) await made(p, base);
    const now = new Date(base.getTime() + 48 * HOUR);
    const [a, b, c] = await Promise.all([
      purgeUnattachedUploads(db.db, app.uploadStore, now),
      purgeUnattachedUploads(db.db, app.uploadStore, now),
      purgeUnattachedUploads(db.db, app.uploadStore, now),
    ]);
    // Each upload is deleted by exactly one of them.
    expect([...a, ...b, ...c].sort()).toEqual([...paths].sort());
    expect(await rowsFor(paths)).toEqual([]);
    for (const p of paths) expect(fs.existsSync(fileOf(p))).toBe(false);
  });
});
