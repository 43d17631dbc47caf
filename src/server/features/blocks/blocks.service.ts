import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { BlockedUser } from '#shared/moderation.ts';
import { BLOCKED_CODE, BLOCKED_MESSAGE } from '#shared/moderation.ts';
import type { Db } from '../../db/client.ts';
import { blocks, users } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';

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

// A condition on a user id column: true when that user and the viewer have no block either way.
export const notBlockedWith = (viewer: number, userIdColumn: unknown) =>
  sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${viewer} and b.blocked_id = ${userIdColumn})
    or (b.blocked_id = ${viewer} and b.blocker_id = ${userIdColumn}))`;

export class BlocksService {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async list(userId: number): Promise<BlockedUser[]> {
    const rows = await this.db
      .select({
        userId: users.id,
        username: users.username,
        name: users.name,
        avatar: users.avatar,
        blockedAt: blocks.createdAt,
      })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId))
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
    return rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
  }

  // Returns the block and whether it is new.
  async block(userId: number, otherId: number): Promise<{ block: BlockedUser; created: boolean }> {
    if (userId === otherId) throw badRequest('You cannot block yourself', 'SELF_BLOCK');
    const [other] = await this.db
      .select({ id: users.id, username: users.username, name: users.name, avatar: users.avatar })
      .from(users)
      .where(and(eq(users.id, otherId), isNull(users.deletedAt)))
      .limit(1);
    if (!other) throw notFound('User not found', 'USER_NOT_FOUND');
    const inserted = await this.db
      .insert(blocks)
      .values({ blockerId: userId, blockedId: otherId })
      .onConflictDoNothing()
      .returning({ createdAt: blocks.createdAt });
    let createdAt = inserted[0]?.createdAt;
    if (!createdAt) {
      const [row] = await this.db
        .select({ createdAt: blocks.createdAt })
        .from(blocks)
        .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, otherId)));
      createdAt = row?.createdAt ?? new Date();
    }
    return {
      block: {
        userId: other.id,
        username: other.username,
        name: other.name,
        avatar: other.avatar,
        blockedAt: createdAt.toISOString(),
      },
      created: inserted.length > 0,
    };
  }

  async unblock(userId: number, otherId: number): Promise<boolean> {
    const gone = await this.db
      .delete(blocks)
      .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, otherId)))
      .returning({ id: blocks.blockedId });
    return gone.length > 0;
  }
}
