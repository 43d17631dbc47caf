// Blocks' data face: the queries of its tables other modules use (ADR 053).
import { and, eq, or, sql } from 'drizzle-orm';
import { BLOCKED_CODE, BLOCKED_MESSAGE } from '#shared/moderation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { blocks } from '../../db/schema.ts';
import { forbidden } from '../../errors.ts';

type Reader = Pick<Db, 'select'>;

// Blocks are symmetric in effect (ADR 029): a block either way keeps the two apart. Every feature
// that lets one user reach another asks here.

// True when either user blocked the other.
export async function blockedBetween(db: Reader, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

// Throws the 403 every refused path answers.
export async function assertNotBlocked(db: Reader, a: number, b: number): Promise<void> {
  if (await blockedBetween(db, a, b)) throw forbidden(BLOCKED_MESSAGE, BLOCKED_CODE);
}

// Whether the user is on either side of any block (most are not: their reads stay as they were).
export async function hasBlocks(db: Reader, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)))
    .limit(1);
  return Boolean(row);
}

// A condition on two user ids (values, columns or SQL of the caller's query, such as a statement's
// placeholder): true when either blocked the other.
export const blockedEitherWay = (viewer: unknown, userIdColumn: unknown) =>
  sql<boolean>`exists (select 1 from ${blocks} b where (b.blocker_id = ${viewer} and b.blocked_id = ${userIdColumn})
    or (b.blocked_id = ${viewer} and b.blocker_id = ${userIdColumn}))`;

// A condition on a user id column: true when that user and the viewer have no block either way.
export const notBlockedWith = (viewer: unknown, userIdColumn: unknown) =>
  sql`not ${blockedEitherWay(viewer, userIdColumn)}`;

// A condition on a user id (a column or SQL of the caller's query): true when that user is on
// either side of any block.
export const inAnyBlock = (userId: unknown) =>
  sql<boolean>`exists (select 1 from ${blocks} b where b.blocker_id = ${userId} or b.blocked_id = ${userId})`;

// The users this user blocked, and when (the account's export, ADR 022).
export function blocksByPerson(db: Pick<Db, 'select'>, userId: number) {
  return db
    .select({ userId: blocks.blockedId, createdAt: blocks.createdAt })
    .from(blocks)
    .where(eq(blocks.blockerId, userId));
}

// A deleted account's blocks, either way, go with it (ADR 022).
export async function forgetPersonBlocks(tx: Tx, userId: number): Promise<void> {
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
}
