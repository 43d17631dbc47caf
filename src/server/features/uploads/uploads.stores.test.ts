import fs from 'node:fs';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { uploadBlobs, uploads, users } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { multipart, png } from '../../testing/images.ts';
import { startTestS3 } from '../../testing/s3-server.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { DatabaseStore, type UploadFile, uploadName } from './upload-store.ts';
import { purgeUnattachedUploads, UploadsService } from './uploads.service.ts';

// The three upload stores (ADR 026) behind the same API: what is served, what the purge, the
// avatar and account deletion do, and where the bytes end up.
const s3 = await startTestS3();
afterAll(() => s3.close());
const bucket = new S3Client({
  region: 'us-east-1',
  endpoint: s3.env.S3_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
const quota = { UPLOAD_MAX_PER_DAY: '6' };
const apps: Record<'disk' | 'database' | 's3', TestApp> = {
  disk: await buildTestApp({ UPLOADS_STORE: 'disk', ...quota }),
  database: await buildTestApp({ UPLOADS_STORE: 'database', ...quota }),
  s3: await buildTestApp({ ...s3.env, ...quota }),
};

// The names of the files each store holds, however it holds them.
async function held({ app, config, db }: TestApp): Promise<string[]> {
  const kind = app.uploadStore.kind;
  if (kind === 'disk') return fs.readdirSync(config.uploadsDir).sort();
  if (kind === 'database')
    return (await db.db.select({ path: uploadBlobs.path }).from(uploadBlobs))
      .map((r) => uploadName(r.path)!)
      .sort();
  return s3.keys().map((k) => k.replace(/^uploads\//, ''));
}

describe.each(['disk', 'database', 's3'] as const)('the %s store', (kind) => {
  const t = apps[kind];
  const { app, db } = t;
  const upload = async (cookie: string, count = 1) => {
    const data = await png(40, 30);
    const { payload, headers } = multipart(
      Array.from({ length: count }, (_, i) => ({ name: `${i}.png`, type: 'image/png', data })),
    );
    return app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, cookie } });
  };

  it('is the one the setting chose', () => {
    expect(app.uploadStore.kind).toBe(kind);
  });

  it('serves the stored bytes with the same type, caching headers, ETag and 304 answer', async () => {
    const { cookie } = await registerUser(app);
    const res = await upload(cookie);
    expect(res.statusCode).toBe(200);
    const [p] = res.json() as string[];
    const name = uploadName(p)!;
    const stored = await app.uploadStore.read(name);
    expect(stored?.contentType).toBe('image/webp');
    expect((await sharp(stored!.bytes).metadata()).format).toBe('webp');
    expect(await held(t)).toContain(name);
    if (kind === 's3') {
      // The object itself, read from the bucket with a client of its own.
      const obj = await bucket.send(
        new GetObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: `uploads/${name}` }),
      );
      expect(obj.ContentType).toBe('image/webp');
      expect(obj.CacheControl).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await obj.Body!.transformToByteArray()).equals(stored!.bytes)).toBe(true);
    }

    const got = await app.inject({ method: 'GET', url: p });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(stored!.bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['content-length']).toBe(String(stored!.bytes.length));
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers.etag).toBe(`"${name}"`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');

    for (const tag of [`"${name}"`, `W/"${name}"`, `"other", "${name}"`]) {
      const again = await app.inject({ method: 'GET', url: p, headers: { 'if-none-match': tag } });
      expect([tag, again.statusCode, again.body]).toEqual([tag, 304, '']);
      expect(again.headers.etag).toBe(`"${name}"`);
    }
    expect(
      (await app.inject({ method: 'GET', url: p, headers: { 'if-none-match': '"other"' } })).statusCode,
    ).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: p });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');

    for (const url of [
      '/uploads/0123456789abcdef0123456789abcdef.webp',
      '/uploads/..%2Fsecret',
      '/uploads/a b.webp',
    ]) {
      const missing = await app.inject({ method: 'GET', url });
      expect([url, missing.statusCode]).toEqual([url, 404]);
      expect(missing.json().message).toBe('No such upload');
      expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    }
    // An ETag of an upload that is gone is not "not modified".
    const gone = await app.inject({
      method: 'GET',
      url: '/uploads/0123456789abcdef0123456789abcdef.webp',
      headers: { 'if-none-match': '"0123456789abcdef0123456789abcdef.webp"' },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('stores nothing for a refused upload, and the purge removes the bytes', async () => {
    const { user, cookie } = await registerUser(app);
    const before = await held(t);
    expect((await upload(cookie, 7)).statusCode).toBe(429);
    expect((await upload(cookie, 1)).statusCode).toBe(200);
    expect(await held(t)).toHaveLength(before.length + 1);
    const paths = (await db.db.select().from(uploads).where(eq(uploads.userId, user.id))).map((r) => r.path);
    expect(paths).toHaveLength(1);
    await db.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(uploads.userId, user.id));
    const purged = await purgeUnattachedUploads(db.db, app.uploadStore, new Date());
    expect(purged).toContain(paths[0]);
    expect(await app.uploadStore.read(uploadName(paths[0])!)).toBeNull();
    expect(await held(t)).not.toContain(uploadName(paths[0]));
    expect((await app.inject({ method: 'GET', url: paths[0] })).statusCode).toBe(404);
  });

  it('makes an avatar from a stored upload, and account deletion removes every file', async () => {
    const ann = await registerUser(app);
    const [source] = (await upload(ann.cookie)).json() as string[];
    const set = await app.inject({
      method: 'PUT',
      url: '/api/user/avatar',
      headers: { cookie: ann.cookie },
      payload: { path: source },
    });
    expect(set.statusCode, set.body).toBe(200);
    const avatar = set.json().avatar as string;
    const served = await app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', meta.width, meta.width]);

    const names = [source, avatar].map((p) => uploadName(p)!);
    for (const n of names) expect(await held(t)).toContain(n);
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: ann.cookie },
      payload: { password: ann.input.password },
    });
    expect(del.statusCode, del.body).toBe(200);
    for (const n of names) {
      expect(await held(t)).not.toContain(n);
      expect(await app.uploadStore.read(n)).toBeNull();
    }
    expect((await app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    const [row] = await db.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, ann.user.id));
    expect(row.avatar).toBeNull();
  });
});

describe('the database store', () => {
  const { db, config } = apps.database;

  it('writes the bytes in the transaction of the uploads rows: both or neither', async () => {
    const { user } = await registerUser(apps.database.app);
    // A store whose bytes are written and then fail: the rows must go with them.
    class FailingStore extends DatabaseStore {
      override async saveInTransaction(
        tx: Parameters<DatabaseStore['saveInTransaction']>[0],
        files: UploadFile[],
      ) {
        await super.saveInTransaction(tx, files);
        throw new Error('disk full');
      }
    }
    const service = new UploadsService(db.db, new FailingStore(db.db), config.uploadQuota);
    await expect(service.store(user.id, [await png()])).rejects.toThrow('disk full');
    expect(await db.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);

    const ok = new UploadsService(db.db, new DatabaseStore(db.db), config.uploadQuota);
    const paths = await ok.store(user.id, [await png(), await png(12, 12)]);
    const blobs = await db.db.select().from(uploadBlobs).where(inArray(uploadBlobs.path, paths));
    expect(blobs.map((b) => b.path).sort()).toEqual([...paths].sort());
    // A deleted uploads row takes its bytes with it.
    await db.db.delete(uploads).where(eq(uploads.path, paths[0]));
    expect(await db.db.select().from(uploadBlobs).where(inArray(uploadBlobs.path, paths))).toHaveLength(1);
  });

  it('writes nothing to the disk', () => {
    for (const dir of [config.uploadsDir, apps.s3.config.uploadsDir])
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });
});

describe('UPLOADS_STORE', () => {
  it('defaults to the database with DATABASE_URL and to the disk without', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/ys-config' };
    expect(loadConfig(base).uploads.store).toBe('disk');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@h/db' }).uploads.store).toBe('database');
    expect(
      loadConfig({ ...base, DATABASE_URL: 'postgres://u@h/db', UPLOADS_STORE: 'disk' }).uploads.store,
    ).toBe('disk');
  });

  it('names the settings S3 needs', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/ys-config', UPLOADS_STORE: 's3' };
    expect(() => loadConfig(base)).toThrow('UPLOADS_STORE=s3 needs these settings: S3_BUCKET');
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'UPLOADS_STORE=s3 needs these settings: S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ ...base, UPLOADS_STORE: 'ftp' })).toThrow(/UPLOADS_STORE/);
    const c = loadConfig({ ...base, S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' });
    expect(c.uploads.s3).toEqual({
      endpoint: undefined,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
    });
  });
});
