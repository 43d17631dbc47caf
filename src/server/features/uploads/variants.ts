import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Sharp } from 'sharp';
import { PHOTO_WIDTHS, type PhotoWidth, variantName } from '#shared/photos.ts';
import { imageWork } from '../../core/image-work.ts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { type UploadFile, type UploadStore, uploadName } from './upload-store.ts';

// The narrower copies of a photo (ADR 039): one per photo width below its own, WebP.
export async function narrowerCopies(decoded: Sharp, width: number) {
  const copies: { width: PhotoWidth; bytes: Buffer }[] = [];
  for (const w of PHOTO_WIDTHS) {
    if (w >= width) break;
    copies.push({
      width: w,
      bytes: await decoded.clone().resize({ width: w }).webp({ quality: 80 }).toBuffer(),
    });
  }
  return copies;
}

export const variantFiles = (name: string, copies: { width: PhotoWidth; bytes: Buffer }[]): UploadFile[] =>
  copies.map((c) => ({ name: variantName(name, c.width), bytes: c.bytes, contentType: 'image/webp' }));

// Uploads read per query, and how long one run keeps going (about 30 ms per demo photo).
const BATCH = 50;
const RUN_MS = 20_000;

// The variants job: makes the copies of uploads stored before copies were made at upload (the demo's
// photos too), oldest first, for up to RUN_MS a run. The runner's lease keeps it to one instance at a time; the state is the
// uploads row (variants_at), so a restart resumes where it stopped. Returns how many it finished.
export async function makePendingVariants(db: Db, store: UploadStore): Promise<number> {
  const started = performance.now();
  let done = 0;
  let after = 0;
  while (performance.now() - started < RUN_MS) {
    const rows = await db
      .select({ id: uploads.id, path: uploads.path })
      .from(uploads)
      .where(and(isNull(uploads.variantsAt), gt(uploads.id, after)))
      .orderBy(asc(uploads.id))
      .limit(BATCH);
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    done += await makeBatch(db, store, rows);
  }
  return done;
}

async function makeBatch(db: Db, store: UploadStore, rows: { id: number; path: string }[]): Promise<number> {
  let done = 0;
  for (const row of rows) {
    const files = await copiesOf(store, row.path);
    // Files first (written again if a run stopped halfway); then the rows and the mark, together,
    // only while the upload still exists. A purged upload's copies are removed again.
    await store.saveAfterCommit(files);
    const kept = await db.transaction(async (tx) => {
      const [live] = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, row.id), isNull(uploads.variantsAt)))
        .for('update');
      if (!live) return false;
      await store.saveInTransaction(tx, files);
      await tx.update(uploads).set({ variantsAt: sql`now()` }).where(eq(uploads.id, row.id));
      return true;
    });
    if (kept) done++;
    else await store.remove(files.map((f) => f.name));
  }
  return done;
}

// The copies of one stored upload; none for a file that is missing, not a photo of ours or unreadable.
async function copiesOf(store: UploadStore, path: string): Promise<UploadFile[]> {
  const name = uploadName(path);
  if (!name?.endsWith('.webp')) return [];
  const file = await store.read(name);
  if (!file) return [];
  try {
    return await imageWork(async (sharp) => {
      const decoded = sharp(file.bytes, { failOn: 'error' });
      const { width = 0 } = await decoded.metadata();
      return variantFiles(name, await narrowerCopies(decoded, width));
    });
  } catch {
    return [];
  }
}
