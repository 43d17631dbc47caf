import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CalendarConfig } from '../../config-calendars.ts';
import type { Db } from '../../db/client.ts';
import { calendarImports, listingBlocks } from '../../db/schema.ts';
import { lockListing } from '../listings/queries.ts';
import { parseFeedOffThread } from './feed-pool.ts';
import { FeedError, fetchFeed } from './fetch-feed.ts';
import type { DayRange } from './parse-feed.ts';

// The job that reads the hosts' external feeds (ADR 048), from the job runner (ADR 016). Each due
// feed is claimed with one guarded UPDATE (its next read moved past the run), so two runs at once,
// on one instance or two, never read the same feed twice; its blocked days are replaced under
// the feed's row lock, so each range is stored once.

const DAY = 86_400_000;
// Feeds read at the same time by one run, and the most one run takes on.
const WORKERS = 4;
const PER_RUN = 100;

export type ImportDeps = { db: Db; config: CalendarConfig; log: Pick<FastifyBaseLogger, 'warn'> };

export async function readDueImports(deps: ImportDeps, now = new Date()): Promise<number> {
  let read = 0;
  const worker = async () => {
    while (read < PER_RUN) {
      const claimed = await claim(deps, now);
      if (!claimed) return;
      read++;
      await readImport(deps, claimed, now);
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return read;
}

type Claimed = {
  id: number;
  url: string;
  etag: string | null;
  lastModified: string | null;
  failures: number;
};

async function claim({ db, config }: ImportDeps, now: Date): Promise<Claimed | null> {
  // Held for the longest a read can take; a crash mid-read leaves it for the next run after that.
  const heldUntil = new Date(now.getTime() + config.timeoutMs * 2 + 60_000);
  const result = await db.execute(sql`
    update ${calendarImports} set next_read_at = ${heldUntil.toISOString()}::timestamptz
    where id = (
      select id from ${calendarImports}
      where next_read_at <= ${now.toISOString()}::timestamptz
      order by next_read_at, id limit 1 for update skip locked
    ) and next_read_at <= ${now.toISOString()}::timestamptz
    returning id, url, etag, last_modified as "lastModified", failures`);
  const [row] = (result as unknown as { rows: Claimed[] }).rows;
  return row ?? null;
}

export async function readImport(deps: ImportDeps, imp: Claimed, now = new Date()): Promise<void> {
  const { db, config } = deps;
  let ranges: DayRange[] | null = null;
  let validators = { etag: imp.etag, lastModified: imp.lastModified };
  try {
    const answer = await fetchFeed(imp.url, validators, config);
    if (!answer.notModified) {
      // On the feed pool's thread, within the feed's budget (ADR 055).
      ranges = await parseFeedOffThread(answer.body, now, config.parseMs);
      validators = { etag: answer.etag, lastModified: answer.lastModified };
    }
  } catch (err) {
    const code = err instanceof FeedError ? err.code : 'UNREACHABLE';
    // A refusal is one line (its code and reason); anything else is unexpected, with its stack.
    if (err instanceof FeedError)
      deps.log.warn({ importId: imp.id, code, reason: err.message }, 'calendar import refused');
    else deps.log.warn({ err, importId: imp.id }, 'calendar import failed');
    // Backoff: twice the wait after each failure in a row, a day at most. The blocks of the last
    // good read stay: a feed that fails for a while does not free days it booked.
    const wait = Math.min(config.everyMs * 2 ** Math.min(imp.failures + 1, 10), DAY);
    await db
      .update(calendarImports)
      .set({
        error: code,
        failures: sql`${calendarImports.failures} + 1`,
        nextReadAt: new Date(now.getTime() + wait),
      })
      .where(eq(calendarImports.id, imp.id));
    return;
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: calendarImports.id, listingId: calendarImports.listingId })
      .from(calendarImports)
      .where(eq(calendarImports.id, imp.id))
      .for('update');
    // Deleted while it was being read: nothing to block.
    if (!row) return;
    if (ranges) {
      // The listing's row first, as a booking's capacity check takes it: a block and a booking
      // of the same days are decided one after the other.
      await lockListing(tx, row.listingId);
      await tx.delete(listingBlocks).where(eq(listingBlocks.importId, imp.id));
      if (ranges.length > 0)
        await tx
          .insert(listingBlocks)
          .values(ranges.map((r) => ({ listingId: row.listingId, importId: imp.id, ...r })))
          .onConflictDoNothing();
    }
    await tx
      .update(calendarImports)
      .set({
        lastReadAt: now,
        error: null,
        failures: 0,
        etag: validators.etag,
        lastModified: validators.lastModified,
        nextReadAt: new Date(now.getTime() + config.everyMs),
      })
      .where(eq(calendarImports.id, imp.id));
  });
}
