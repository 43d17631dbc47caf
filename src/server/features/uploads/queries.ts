// Uploads' data face: the queries of its tables other modules use (ADR 053).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

// Whether the upload at this path is the user's.
export async function isUploadOf(db: Pick<Db, 'select'>, path: string, userId: number): Promise<boolean> {
  const [own] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.path, path), eq(uploads.userId, userId)))
    .limit(1);
  return Boolean(own);
}

// A deleted account's uploads (ADR 022): the rows go; their paths are returned, for the caller to
// remove the files after the commit.
export async function forgetPersonUploads(tx: Tx, userId: number): Promise<string[]> {
  const files = await tx.delete(uploads).where(eq(uploads.userId, userId)).returning({ path: uploads.path });
  return files.map((f) => f.path);
}

// The user's uploads among these paths, with each photo's shorter side (null: not measured).
export async function ownedUploads(
  db: Pick<Db, 'select'>,
  userId: number,
  paths: string[],
): Promise<Map<string, number | null>> {
  if (!paths.length) return new Map();
  const rows = await db
    .select({ path: uploads.path, shortSide: uploads.shortSide })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.path, paths)));
  return new Map(rows.map((r) => [r.path, r.shortSide]));
}
