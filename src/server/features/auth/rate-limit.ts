import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateEvents } from '../../db/schema.ts';

export type RateLimit = { key: string; windowMs: number; max: number };
export type Taken = { ok: true; ids: number[] } | { ok: false; key: string };

// Counted events in a sliding window, kept in the database so that every app instance sees them.
export class RateCounter {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  // Counts one attempt against every limit, atomically, before the caller does the work: either
  // each count is under its max and one event is recorded per key, or nothing is recorded and the
  // first key at its max is returned. Advisory locks (taken in key order, so two callers never
  // deadlock) make concurrent attempts on one key wait for each other, so a limit cannot be
  // overrun by sending many requests at once.
  async take(limits: RateLimit[]): Promise<Taken> {
    const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return this.db.transaction(async (tx) => {
      for (const l of sorted)
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${l.key}, 0))`);
      for (const l of limits) {
        const [row] = await tx
          .select({ n: count() })
          .from(rateEvents)
          .where(and(eq(rateEvents.key, l.key), gt(rateEvents.createdAt, new Date(Date.now() - l.windowMs))));
        if (Number(row?.n ?? 0) >= l.max) return { ok: false, key: l.key } as const;
      }
      const rows = await tx
        .insert(rateEvents)
        .values(limits.map((l) => ({ key: l.key })))
        .returning({ id: rateEvents.id });
      return { ok: true, ids: rows.map((r) => r.id) } as const;
    });
  }

  async count(key: string, windowMs: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.createdAt, new Date(Date.now() - windowMs))));
    return Number(row?.n ?? 0);
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateEvents).where(eq(rateEvents.key, key));
  }

  // Takes back events recorded by take(), e.g. an attempt that turned out not to count.
  async release(ids: number[]): Promise<void> {
    if (ids.length) await this.db.delete(rateEvents).where(inArray(rateEvents.id, ids));
  }

  async purgeOlderThan(ms: number): Promise<void> {
    await this.db.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(Date.now() - ms)));
  }
}
