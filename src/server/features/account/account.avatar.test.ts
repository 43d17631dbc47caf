import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploads, users } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { jpegWithGps, multipart, png } from '../../testing/images.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { purgeUnattachedUploads } from '../uploads/index.ts';

const { app, db, config } = await buildTestApp();

async function upload(cookie: string, image: Buffer): Promise<string> {
  const body = multipart([{ name: 'photo.jpg', type: 'image/jpeg', data: image }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[0];
}
const setAvatar = (cookie: string | null, p: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/user/avatar',
    headers: cookie ? { cookie } : {},
    payload: { path: p },
  });

describe('PUT /api/user/avatar', () => {
  it("crops the user's upload to a 256 px square, stored as a new upload of theirs", async () => {
    const ann = await registerUser(app);
    // 64 x 48, rotated by its EXIF orientation to 48 x 64 when uploaded.
    const source = await upload(ann.cookie, await jpegWithGps(64, 48));
    const res = await setAvatar(ann.cookie, source);
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json().avatar as string;
    expect(avatar).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(avatar).not.toBe(source);
    const file = await app.inject({ method: 'GET', url: avatar });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBe(256);
    expect(meta.exif).toBeUndefined();
    const [row] = await db.db.select().from(uploads).where(eq(uploads.path, avatar));
    expect(row.userId).toBe(ann.user.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: ann.cookie } })).json().avatar,
    ).toBe(avatar);
  });

  it("refuses another user's upload, a path that is no upload, and a signed-out caller", async () => {
    const ann = await registerUser(app);
    const bob = await registerUser(app);
    const bobs = await upload(bob.cookie, await png(40, 40));
    const res = await setAvatar(ann.cookie, bobs);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Choose an image you uploaded to Yardshare for your picture.',
      code: 'INVALID_IMAGE',
    });
    for (const p of ['/uploads/../../etc/passwd', 'https://example.com/a.webp', '/uploads/nothere.webp', ''])
      expect((await setAvatar(ann.cookie, p)).statusCode).toBe(400);
    expect((await setAvatar(null, bobs)).statusCode).toBe(401);
    const [a] = await db.db.select().from(users).where(eq(users.id, ann.user.id));
    expect(a.avatar).toBeNull();
  });

  it('the purge of unattached uploads keeps the avatar and removes the unused source', async () => {
    const ann = await registerUser(app);
    const source = await upload(ann.cookie, await png(80, 50));
    const avatar = (await setAvatar(ann.cookie, source)).json().avatar as string;
    const purged = await purgeUnattachedUploads(
      db.db,
      app.uploadStore,
      new Date(Date.now() + 48 * 3_600_000),
    );
    expect(purged).toContain(source);
    expect(purged).not.toContain(avatar);
    expect(fs.existsSync(path.join(config.uploadsDir, path.basename(avatar)))).toBe(true);
    expect((await app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
  });

  it('DELETE /api/user/avatar clears it', async () => {
    const ann = await registerUser(app);
    await setAvatar(ann.cookie, await upload(ann.cookie, await png(30, 60)));
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/user/avatar',
      headers: { cookie: ann.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar).toBeNull();
    expect((await app.inject({ method: 'DELETE', url: '/api/user/avatar' })).statusCode).toBe(401);
  });
});
