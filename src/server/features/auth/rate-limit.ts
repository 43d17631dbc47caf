import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateEvents } from '../../db/schema.ts';

// Counted events in a sliding window, kept in the database so that every app instance sees them.
export class RateCounter {
  constructor(private db: Db) {}

  async count(key: string, windowMs: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.createdAt, new Date(Date.now() - windowMs))));
    return Number(row?.n ?? 0);
  }

  async add(...keys: string[]): Promise<void> {
    if (keys.length) await this.db.insert(rateEvents).values(keys.map((key) => ({ key })));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateEvents).where(eq(rateEvents.key, key));
  }

  async purgeOlderThan(ms: number): Promise<void> {
    await this.db.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(Date.now() - ms)));
  }
}
