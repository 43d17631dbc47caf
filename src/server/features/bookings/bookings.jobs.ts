import { sql } from 'drizzle-orm';
import { todayUtc } from '#shared/bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents } from '../../db/schema.ts';

type Moved = { id: number; from: string; to: string };

// The transitions time makes (ADR 016). Each is one guarded UPDATE over the rows due at `now`:
// a row moves once, whichever instance runs the job and however often it runs.
async function moveDue(db: Db, action: string, update: ReturnType<typeof sql>): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(update);
    const rows = (result as unknown as { rows: Moved[] }).rows;
    if (rows.length)
      await tx.insert(bookingEvents).values(
        rows.map((r) => ({
          bookingId: Number(r.id),
          action,
          fromStatus: r.from,
          toStatus: r.to,
          actor: 'system' as const,
        })),
      );
    return rows.length;
  });
}

// Requests the host left unanswered, and accepted rentals not paid in their window (unless a
// payment is still under way: its own expiry comes first).
export const expireDue = (db: Db, now: Date) =>
  moveDue(
    db,
    'expire',
    sql`update bookings b set status = 'expired', updated_at = now()
        from (select id, status from bookings
              where expires_at <= ${now.toISOString()}::timestamptz
                and (status = 'requested' or (status = 'accepted' and type = 'rental'))
                and not exists (select 1 from payments p where p.booking_id = bookings.id and p.status = 'pending')
              for update) old
        where b.id = old.id and b.status = old.status
        returning b.id, old.status as "from", b.status as "to"`,
  );

// Paid rentals, and accepted exchanges and memberships, begin on their start date.
export const startDue = (db: Db, now: Date) =>
  moveDue(
    db,
    'start',
    sql`update bookings b set status = 'active', updated_at = now()
        from (select id, status from bookings
              where start <= ${todayUtc(now)}::date
                and ((type = 'rental' and status = 'paid') or (type <> 'rental' and status = 'accepted'))
              for update) old
        where b.id = old.id and b.status = old.status
        returning b.id, old.status as "from", b.status as "to"`,
  );

// Running bookings end the day their end date comes (the end is exclusive).
export const completeDue = (db: Db, now: Date) =>
  moveDue(
    db,
    'complete',
    sql`update bookings b set status = 'completed', updated_at = now()
        from (select id, status from bookings
              where status = 'active' and "end" is not null and "end" <= ${todayUtc(now)}::date
              for update) old
        where b.id = old.id and b.status = old.status
        returning b.id, old.status as "from", b.status as "to"`,
  );
