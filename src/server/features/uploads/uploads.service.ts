import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';

// Accepted by content, never by name or declared type. AVIF decodes as "heif" with av1 compression.
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_SIDE = 2400;

export const unsupportedImage = () =>
  new HttpError(415, 'Only JPEG, PNG, WebP, GIF or AVIF images are accepted', 'UNSUPPORTED_IMAGE');

// Decodes, auto-rotates, caps the size and re-encodes as WebP. sharp writes no metadata unless
// asked, so EXIF and GPS positions are gone from the result.
export async function processImage(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1'))
    throw unsupportedImage();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new HttpError(400, 'The image could not be read', 'BROKEN_IMAGE');
  }
}

export class UploadsService {
  constructor(
    private db: Db,
    private dir: string,
  ) {}

  // All or nothing: every file is checked and converted before any is stored.
  async store(userId: number, files: Buffer[]): Promise<string[]> {
    const converted: Buffer[] = [];
    for (const f of files) converted.push(await processImage(f));
    await fs.mkdir(this.dir, { recursive: true });
    const names = converted.map(() => `${randomBytes(16).toString('hex')}.webp`);
    try {
      await Promise.all(
        converted.map((buf, i) => fs.writeFile(path.join(this.dir, names[i]), buf, { flag: 'wx' })),
      );
      const paths = names.map((n) => `/uploads/${n}`);
      await this.db.insert(uploads).values(paths.map((p) => ({ userId, path: p })));
      return paths;
    } catch (err) {
      await Promise.all(names.map((n) => fs.rm(path.join(this.dir, n), { force: true })));
      throw err;
    }
  }
}
