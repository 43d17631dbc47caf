import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { avif, jpegWithGps, multipart, png } from '../../testing/images.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, config, db } = await buildTestApp();
const { cookie, user } = await registerUser(app);

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

// A valid grayscale PNG of zeros: its pixel data compresses about 1000 to 1, so a small file can
// declare many megapixels (a decompression bomb).
function grayPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (gray), no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const stored = async () => ({
  files: fs.readdirSync(config.uploadsDir).length,
  rows: (await db.db.select().from(uploads).where(eq(uploads.userId, user.id))).length,
});

describe('POST /api/upload with a malformed body', () => {
  it('answers 400 with a readable message and stores nothing', async () => {
    const good = multipart([
      { name: 'a.png', type: 'image/png', data: await png() },
      { name: 'b.png', type: 'image/png', data: await png(16, 16) },
    ]);
    const type = good.headers['content-type'];
    const firstEnds = good.payload.indexOf('\r\n--', good.payload.indexOf('\r\n\r\n')) + 2;
    const cases: [string, string, Buffer | string][] = [
      ['no boundary', 'multipart/form-data', good.payload],
      ['no boundary, empty body', 'multipart/form-data', ''],
      ['empty boundary', 'multipart/form-data; boundary=', good.payload],
      ['truncated in the second part', type, good.payload.subarray(0, good.payload.length - 80)],
      ['truncated after the first part', type, good.payload.subarray(0, firstEnds + 20)],
      ['truncated in the part header', type, good.payload.subarray(0, 50)],
      ['garbage', type, Buffer.from('asd kajsh dkjh\r\n\r\n--x\r\n\u0000\u00ff garbage')],
    ];
    const before = await stored();
    for (const [name, contentType, payload] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/upload',
        payload,
        headers: { 'content-type': contentType, cookie },
      });
      expect([name, res.statusCode]).toEqual([name, 400]);
      expect(res.json().message, name).toMatch(/^The upload could not be read|^No images were sent/);
    }
    // The truncated bodies do fail as malformed, not as empty.
    const truncated = await app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: good.payload.subarray(0, firstEnds + 20),
      headers: { 'content-type': type, cookie },
    });
    expect(truncated.json()).toEqual({
      message: 'The upload could not be read: send a complete multipart/form-data body with its boundary',
      code: 'MALFORMED_MULTIPART',
    });
    expect(await stored()).toEqual(before);
  });
});

describe('decoded pixel cap (40 megapixels)', () => {
  it('refuses a small file declaring more pixels, before decoding it', async () => {
    const bomb = grayPng(8000, 8000); // 64 MP
    expect(bomb.length).toBeLessThan(200_000);
    const before = await stored();
    const res = await upload([{ name: 'bomb.png', type: 'image/png', data: bomb }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Images may have at most 40 megapixels (this one is 8000 x 8000)',
      code: 'TOO_MANY_PIXELS',
    });
    expect(await stored()).toEqual(before);
  });

  it('accepts exactly 40 megapixels and refuses one row more', async () => {
    const over = await upload([{ name: 'over.png', type: 'image/png', data: grayPng(8000, 5001) }]);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/at most 40 megapixels/);
    const at = await upload([{ name: 'at.png', type: 'image/png', data: grayPng(8000, 5000) }]);
    expect(at.statusCode).toBe(200);
    const [p] = at.json() as string[];
    const meta = await sharp(path.join(config.uploadsDir, path.basename(p))).metadata();
    expect([meta.width, meta.height]).toEqual([2400, 1500]);
  });
});
