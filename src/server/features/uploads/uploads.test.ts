import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/factories.ts';
import { avif, jpegWithGps, multipart, png } from '../../testing/images.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, config } = await buildTestApp();
const { cookie } = await registerUser(app);

const upload = (files: Parameters<typeof multipart>[0], c: string | undefined = cookie) => {
  const { payload, headers } = multipart(files);
  return app.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { ...headers, ...(c ? { cookie: c } : {}) },
  });
};

describe('POST /api/upload', () => {
  it('re-encodes to WebP, auto-rotates, strips EXIF and GPS, and serves the file', async () => {
    const original = await jpegWithGps(64, 48);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.includes(Buffer.from('TestCam'))).toBe(true);
    const res = await upload([{ name: 'garden.jpg', type: 'image/jpeg', data: original }]);
    expect(res.statusCode).toBe(200);
    const [p] = res.json() as string[];
    expect(p).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const stored = fs.readFileSync(path.join(config.uploadsDir, path.basename(p)));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    // Orientation 6 (rotate 90°): the 64x48 photo is stored upright as 48x64.
    expect([meta.width, meta.height]).toEqual([48, 64]);
    const served = await app.inject({ method: 'GET', url: p });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['content-type']).toMatch(/image\/webp/);
  });

  it('accepts PNG and AVIF and several files at once', async () => {
    const res = await upload([
      { name: 'a.png', type: 'image/png', data: await png() },
      { name: 'b.avif', type: 'image/avif', data: await avif() },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
  });

  it('checks the bytes, not the name or declared type', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload([{ name: 'photo.jpg', type: 'image/jpeg', data: html }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/JPEG, PNG, WebP, GIF or AVIF/);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await upload([{ name: 'x.png', type: 'image/png', data: svg }])).statusCode).toBe(415);
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .tiff()
      .toBuffer();
    expect((await upload([{ name: 'x.tif', type: 'image/tiff', data: tiff }])).statusCode).toBe(415);
  });

  it('stores nothing when one file of several is bad', async () => {
    const before = fs.readdirSync(config.uploadsDir).length;
    const res = await upload([
      { name: 'ok.png', type: 'image/png', data: await png() },
      { name: 'bad.png', type: 'image/png', data: Buffer.from('nope') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(fs.readdirSync(config.uploadsDir).length).toBe(before);
  });

  it('answers 413 for a file over 5 MB and for more than 10 files', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const res = await upload([{ name: 'big.jpg', type: 'image/jpeg', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Each image must be 5 MB or smaller');
    const small = await png(4, 4);
    const many = await upload(
      Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', data: small })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toMatch(/At most 10 images/);
  });

  it('needs a signed-in user, multipart, and at least one file', async () => {
    expect((await upload([{ name: 'a.png', type: 'image/png', data: await png() }], '')).statusCode).toBe(
      401,
    );
    const json = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { cookie },
      payload: { images: [] },
    });
    expect(json.statusCode).toBe(415);
    const { payload, headers } = multipart([]);
    const none = await app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { ...headers, cookie },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No images were sent');
  });
});
