import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { PHOTO_WIDTHS, parseVariantName, variantName } from '#shared/photos.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { uploadBlobs, uploadVariants } from '../../db/schema.ts';

// Where the bytes of uploaded images live (ADR 026). The uploads table says which uploads exist and
// whose they are; a store keeps their bytes under the upload's file name (the last part of
// /uploads/<name>). Every instance must read the same store: the database or a bucket when several
// instances serve the site, this instance's disk when there is one.

export type UploadFile = { name: string; bytes: Buffer; contentType: string };
export type StoredFile = { bytes: Buffer; contentType: string };

export interface UploadStore {
  readonly kind: Config['uploads']['store'];
  // Inside the transaction that inserts the uploads rows. The database store writes the bytes
  // here, so a row and its bytes exist together or not at all.
  saveInTransaction(tx: Tx, files: UploadFile[]): Promise<void>;
  // After that transaction commits: the disk and S3 stores write here. On failure the caller
  // deletes the rows again and calls remove().
  saveAfterCommit(files: UploadFile[]): Promise<void>;
  // The bytes of one upload, or null when the store has none under that name.
  read(name: string): Promise<StoredFile | null>;
  // After the uploads rows were deleted, with the narrower copies of each (ADR 039). Missing files
  // are not an error.
  remove(names: string[]): Promise<void>;
}

// A photo's narrower copies are stored beside it under their own names (ADR 039).
const withCopies = (names: string[]) =>
  names.flatMap((n) =>
    n.endsWith('.webp') && !parseVariantName(n) ? [n, ...PHOTO_WIDTHS.map((w) => variantName(n, w))] : [n],
  );

// The file name of /uploads/<name>, or null for anything that is not one of ours.
export function uploadName(p: string): string | null {
  return /^\/uploads\/([A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,8})$/.exec(p)?.[1] ?? null;
}
export const isUploadName = (name: string) => /^[A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,8}$/.test(name);

const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };
const typeOf = (name: string) => TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

// Today's behaviour: files in DATA_DIR/uploads on this instance. Right for one instance.
export class DiskStore implements UploadStore {
  private dir: string;
  readonly kind = 'disk' as const;
  constructor(dir: string) {
    this.dir = dir;
    fs.mkdirSync(dir, { recursive: true });
  }
  async saveInTransaction(): Promise<void> {}
  async saveAfterCommit(files: UploadFile[]): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
    const written: string[] = [];
    try {
      for (const f of files) {
        const file = path.join(this.dir, f.name);
        // A copy may be written again by the variants job after a stop halfway; a photo never is.
        await fsp.writeFile(file, f.bytes, { flag: parseVariantName(f.name) ? 'w' : 'wx' });
        written.push(file);
      }
    } catch (err) {
      await Promise.all(written.map((w) => fsp.rm(w, { force: true })));
      throw err;
    }
  }
  async read(name: string): Promise<StoredFile | null> {
    if (!isUploadName(name)) return null;
    try {
      return { bytes: await fsp.readFile(path.join(this.dir, name)), contentType: typeOf(name) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
  async remove(names: string[]): Promise<void> {
    for (const n of withCopies(names))
      if (isUploadName(n)) await fsp.rm(path.join(this.dir, n), { force: true });
  }
}

// upload_blobs, one row per upload, and upload_variants, one per copy, deleted with their uploads row
// (on delete cascade).
export class DatabaseStore implements UploadStore {
  private db: Db;
  readonly kind = 'database' as const;
  constructor(db: Db) {
    this.db = db;
  }
  async saveInTransaction(tx: Tx, files: UploadFile[]): Promise<void> {
    const photos = files.filter((f) => !parseVariantName(f.name));
    const copies = files.flatMap((f) => {
      const v = parseVariantName(f.name);
      return v ? [{ path: `/uploads/${f.name}`, uploadPath: `/uploads/${v.original}`, bytes: f.bytes }] : [];
    });
    if (photos.length)
      await tx
        .insert(uploadBlobs)
        .values(
          photos.map((f) => ({ path: `/uploads/${f.name}`, bytes: f.bytes, contentType: f.contentType })),
        );
    if (copies.length) await tx.insert(uploadVariants).values(copies).onConflictDoNothing();
  }
  async saveAfterCommit(): Promise<void> {}
  async read(name: string): Promise<StoredFile | null> {
    if (!isUploadName(name)) return null;
    if (parseVariantName(name)) {
      const [copy] = await this.db
        .select({ bytes: uploadVariants.bytes })
        .from(uploadVariants)
        .where(eq(uploadVariants.path, `/uploads/${name}`))
        .limit(1);
      return copy ? { bytes: copy.bytes, contentType: 'image/webp' } : null;
    }
    const [row] = await this.db
      .select({ bytes: uploadBlobs.bytes, contentType: uploadBlobs.contentType })
      .from(uploadBlobs)
      .where(eq(uploadBlobs.path, `/uploads/${name}`))
      .limit(1);
    return row ?? null;
  }
  // The rows went with their uploads rows.
  async remove(): Promise<void> {}
}

// An S3-compatible bucket (AWS S3, MinIO, R2, ...), objects under uploads/<name>. The SDK is loaded
// on first use, so instances that do not use it do not pay for it.
export class S3Store implements UploadStore {
  private opts: NonNullable<Config['uploads']['s3']>;
  readonly kind = 's3' as const;
  private client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  constructor(opts: NonNullable<Config['uploads']['s3']>) {
    this.opts = opts;
  }

  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => {
      const o = this.opts;
      const s3 = new sdk.S3Client({
        region: o.region,
        endpoint: o.endpoint,
        forcePathStyle: o.forcePathStyle,
        credentials:
          o.accessKeyId && o.secretAccessKey
            ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
            : undefined,
        // Checksums only where S3 requires them: not every S3-compatible server knows the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { s3, sdk };
    });
    return this.client;
  }
  private key = (name: string) => `uploads/${name}`;

  async saveInTransaction(): Promise<void> {}
  async saveAfterCommit(files: UploadFile[]): Promise<void> {
    const { s3, sdk } = await this.connect();
    try {
      await Promise.all(
        files.map((f) =>
          s3.send(
            new sdk.PutObjectCommand({
              Bucket: this.opts.bucket,
              Key: this.key(f.name),
              Body: f.bytes,
              ContentType: f.contentType,
              CacheControl: 'public, max-age=31536000, immutable',
            }),
          ),
        ),
      );
    } catch (err) {
      await this.remove(files.map((f) => f.name)).catch(() => {});
      throw err;
    }
  }
  async read(name: string): Promise<StoredFile | null> {
    if (!isUploadName(name)) return null;
    const { s3, sdk } = await this.connect();
    try {
      const res = await s3.send(new sdk.GetObjectCommand({ Bucket: this.opts.bucket, Key: this.key(name) }));
      if (!res.Body) return null;
      return {
        bytes: Buffer.from(await res.Body.transformToByteArray()),
        contentType: res.ContentType ?? typeOf(name),
      };
    } catch (err) {
      if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }
  // One DeleteObject per file: DeleteObjects needs a checksum header some S3-compatible servers refuse.
  async remove(names: string[]): Promise<void> {
    const keys = withCopies(names).filter(isUploadName).map(this.key);
    if (!keys.length) return;
    const { s3, sdk } = await this.connect();
    for (let i = 0; i < keys.length; i += 8)
      await Promise.all(
        keys
          .slice(i, i + 8)
          .map((Key) => s3.send(new sdk.DeleteObjectCommand({ Bucket: this.opts.bucket, Key }))),
      );
  }
}

export function createUploadStore(config: Pick<Config, 'uploads' | 'uploadsDir'>, db: Db): UploadStore {
  const { store, s3 } = config.uploads;
  if (store === 'database') return new DatabaseStore(db);
  if (store === 's3') {
    if (!s3) throw new Error('UPLOADS_STORE=s3 needs S3_BUCKET');
    return new S3Store(s3);
  }
  return new DiskStore(config.uploadsDir);
}
