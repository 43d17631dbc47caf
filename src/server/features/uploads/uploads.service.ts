import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { PHOTO_MIN_SIDE } from '#shared/constants.ts';
import type { PhotoWidth } from '#shared/photos.ts';
import type { Config } from '../../config.ts';
import { imageWork, type Sharp } from '../../core/image-work.ts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { badRequest, HttpError } from '../../errors.ts';
import { listingImagePaths } from '../listings/queries.ts';
import { avatarPaths } from '../users/queries.ts';
import { type UploadFile, type UploadStore, uploadName } from './upload-store.ts';
import { narrowerCopies, variantFiles } from './variants.ts';

// Accepted by content, never by name or declared type. AVIF decodes as "heif" with av1 compression.
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
// Decoded pixels (width x height, read from the header before decoding) an image may have.
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE = 2400;
// An upload that no listing or avatar uses this long after it was made is deleted.
export const UNATTACHED_TTL_MS = 24 * 3_600_000;

export const photoTooSmall = () =>
  badRequest(
    `Each photo of a listing must be at least ${PHOTO_MIN_SIDE} px on its shorter side`,
    'PHOTO_TOO_SMALL',
  );

export const unsupportedImage = () =>
  new HttpError(415, 'Only JPEG, PNG, WebP, GIF or AVIF images are accepted', 'UNSUPPORTED_IMAGE');

export type ProcessedImage = {
  bytes: Buffer;
  shortSide: number;
  variants: { width: PhotoWidth; bytes: Buffer }[];
};

// Decodes, auto-rotates, caps the size and re-encodes as WebP, with a copy at each of the photo
// widths narrower than the result (ADR 039). sharp writes no metadata unless asked, so EXIF and GPS
// positions are gone from every file. shortSide is the shorter side received (ADR 038).
// One at a time within the image work's bounds (core/image-work.ts).
export function processImage(input: Buffer): Promise<ProcessedImage> {
  return imageWork((sharp) => processNow(sharp, input));
}

async function processNow(sharp: Sharp, input: Buffer): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    // Reads the header only; the pixel cap is checked below with its own message.
    meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1'))
    throw unsupportedImage();
  // Refused before decoding: a small file can declare enough pixels to exhaust memory.
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
    throw new HttpError(
      413,
      `Images may have at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (this one is ${meta.width} x ${meta.height})`,
      'TOO_MANY_PIXELS',
    );
  const shortSide = Math.min(meta.width ?? 0, meta.height ?? 0);
  try {
    const decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { data, info } = await decoded
      .clone()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, shortSide, variants: await narrowerCopies(decoded, info.width) };
  } catch {
    throw new HttpError(400, 'The image could not be read', 'BROKEN_IMAGE');
  }
}

type Quota = Config['uploadQuota'];

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

export class UploadsService {
  private db: Db;
  private blobs: UploadStore;
  private quota: Quota;
  constructor(db: Db, blobs: UploadStore, quota: Quota) {
    this.db = db;
    this.blobs = blobs;
    this.quota = quota;
  }

  async exists(path: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(eq(uploads.path, path))
      .limit(1);
    return Boolean(row);
  }

  // Images and stored bytes of the user's uploads made in the last 24 hours (database time).
  private async usage(db: Pick<Db, 'select'>, userId: number) {
    const [row] = await db
      .select({
        n: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::float8`,
      })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, sql`now() - interval '1 day'`)));
    return { n: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  private async checkQuota(db: Pick<Db, 'select'>, userId: number, files: number, bytes: number) {
    const used = await this.usage(db, userId);
    const { maxPerDay, maxBytesPerDay } = this.quota;
    if (used.n + files > maxPerDay) {
      const left = Math.max(0, maxPerDay - used.n);
      throw new HttpError(
        429,
        left
          ? `You can upload ${left} more image${left === 1 ? '' : 's'} today (at most ${maxPerDay} a day)`
          : `You have reached the limit of ${maxPerDay} images a day; try again later`,
        'UPLOAD_QUOTA',
      );
    }
    if (used.bytes + bytes > maxBytesPerDay)
      throw new HttpError(
        429,
        `You have reached the limit of ${megabytes(maxBytesPerDay)} of images a day; try again later`,
        'UPLOAD_QUOTA',
      );
  }

  // All or nothing: every file is checked and converted before any is stored. The quota counts
  // the stored WebP files (what the store keeps), not the bytes received.
  // forListing: every photo must have PHOTO_MIN_SIDE on its shorter side (ADR 038).
  async store(userId: number, files: Buffer[], forListing = false): Promise<string[]> {
    // Early refusal before the costly decoding; the locked check below is the one that holds.
    await this.checkQuota(this.db, userId, files.length, 1);
    const converted: ProcessedImage[] = [];
    for (const f of files) converted.push(await processImage(f));
    if (forListing && converted.some((c) => c.shortSide < PHOTO_MIN_SIDE)) throw photoTooSmall();
    const names = converted.map(() => `${randomBytes(16).toString('hex')}.webp`);
    // The photos and their narrower copies; the quota counts the photos only.
    const stored: UploadFile[] = converted.flatMap((c, i) => [
      { name: names[i], bytes: c.bytes, contentType: 'image/webp' },
      ...variantFiles(names[i], c.variants),
    ]);
    const paths = names.map((n) => `/uploads/${n}`);
    const bytes = converted.reduce((sum, c) => sum + c.bytes.length, 0);
    // Check and insert in one transaction, serialized per user by an advisory lock, so parallel
    // requests cannot overrun the quota. The database store writes the bytes in it too.
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upload-quota:${userId}`}, 0))`);
      await this.checkQuota(tx, userId, converted.length, bytes);
      await tx.insert(uploads).values(
        paths.map((p, i) => ({
          userId,
          path: p,
          bytes: converted[i].bytes.length,
          variantsAt: sql`now()`,
          shortSide: converted[i].shortSide,
        })),
      );
      await this.blobs.saveInTransaction(tx, stored);
    });
    try {
      await this.blobs.saveAfterCommit(stored);
      return paths;
    } catch (err) {
      await this.db.delete(uploads).where(inArray(uploads.path, paths));
      throw err;
    }
  }
}

// Deletes uploads made before now - 24 h that no listing's images nor any user's avatar refers to:
// the rows in one statement (with their upload_blobs rows), then the files of the rows this call
// deleted from the disk or bucket. Safe to run on several instances at once: a row is deleted (and
// its file removed) by one of them only; a missing file is ignored. Returns the deleted paths.
export async function purgeUnattachedUploads(
  db: Db,
  store: UploadStore,
  now = new Date(),
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - UNATTACHED_TTL_MS).toISOString();
  const result = await db.execute(sql`
    with referenced as (
      ${listingImagePaths()}
      union all
      ${avatarPaths()}
    )
    delete from ${uploads} u
    where u.created_at < ${cutoff}::timestamptz
      and not exists (select 1 from referenced r where r.path = u.path)
    returning u.path
  `);
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
    path: string;
  }[];
  const paths = rows.map((r) => r.path);
  await store.remove(paths.map(uploadName).filter((n) => n !== null));
  return paths;
}
