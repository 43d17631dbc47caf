import { and, desc, eq } from 'drizzle-orm';
import type { BlockedUser } from '#shared/moderation.ts';
import type { Db } from '../../db/client.ts';
import { blocks } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { liveUserById, people } from '../users/queries.ts';

export class BlocksService {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async list(userId: number): Promise<BlockedUser[]> {
    const p = people();
    const rows = await this.db
      .select({
        userId: p.id,
        username: p.username,
        name: p.name,
        avatar: p.avatar,
        blockedAt: blocks.createdAt,
      })
      .from(blocks)
      .innerJoin(p, eq(p.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId))
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
    return rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
  }

  // Returns the block and whether it is new.
  async block(userId: number, otherId: number): Promise<{ block: BlockedUser; created: boolean }> {
    if (userId === otherId) throw badRequest('You cannot block yourself', 'SELF_BLOCK');
    const other = await liveUserById(this.db, otherId);
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
