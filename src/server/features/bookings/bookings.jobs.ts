import { type SQL, sql } from 'drizzle-orm';
import type { BookingStatus } from '#shared/bookings.ts';
import { todayUtc } from '#shared/bookings.ts';
import { type Notifier, silentNotifier } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents } from '../../db/schema.ts';
import { bookingPaymentPending } from '../payments/queries.ts';

type Moved = { id: number; from: string; to: string };

// The transitions time makes (ADR 016). Each is one guarded UPDATE over the rows `due` selects
// (locked, so a concurrent action waits): a row moves once, whichever instance runs the job and
// however often it runs, and its timeline gets a system event (and its parties a notification).
async function moveDue(
  db: Db,
  action: string,
  to: BookingStatus,
  due: SQL,
  notifier: Notifier,
): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update bookings b set status = ${to}, updated_at = now()
      from (select id, status from bookings where ${due} for update) old
      where b.id = old.id and b.status = old.status
      returning b.id, old.status as "from", b.status as "to"`);
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
    for (const r of rows)
      await notifier.bookingEvent(tx, {
        bookingId: Number(r.id),
        action,
        from: r.from,
        to: r.to,
        actor: 'system',
        note: null,
      });
    return rows.length;
  });
}

// Requests the host left unanswered, and accepted rentals not paid in their window (unless a
// payment is still under way: its own expiry comes first).
// Both parties are told (notifier: app.notices).
export const expireDue = (db: Db, now: Date, notifier: Notifier) =>
  moveDue(
    db,
    'expire',
    'expired',
    sql`expires_at <= ${now.toISOString()}::timestamptz
        and (status = 'requested' or (status = 'accepted' and type = 'rental'))
        and not ${bookingPaymentPending(sql.raw('bookings.id'))}`,
    notifier,
  );

// Paid rentals, and accepted exchanges and memberships, begin on their start date (nobody is told).
export const startDue = (db: Db, now: Date) =>
  moveDue(
    db,
    'start',
    'active',
    sql`start <= ${todayUtc(now)}::date
        and ((type = 'rental' and status = 'paid') or (type <> 'rental' and status = 'accepted'))`,
    silentNotifier,
  );

// Running bookings end the day their end date comes (the end is exclusive; nobody is told).
export const completeDue = (db: Db, now: Date) =>
  moveDue(
    db,
    'complete',
    'completed',
    sql`status = 'active' and "end" is not null and "end" <= ${todayUtc(now)}::date`,
    silentNotifier,
  );
