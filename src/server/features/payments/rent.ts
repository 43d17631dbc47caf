import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { todayUtc } from '#shared/bookings.ts';
import {
  invoiceDay,
  lapseDay,
  monthCharge,
  RENT_REMINDER_DAYS,
  rentPeriods,
  shiftDay,
} from '#shared/rent.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rentInvoices } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { type BookingRow, type BookingsService, notifyBothParties } from '../bookings/index.ts';
import { bookingById, endStayAt, lockBooking, runningMonthlyRentals } from '../bookings/queries.ts';
import { listingTitles, lockListing } from '../listings/queries.ts';
import { voidFrom } from './queries.ts';

// Month-by-month rent (ADR 040): the later months' invoices, their reminders, and the end of a stay
// whose month stays unpaid past its grace. Every step is one guarded statement (a unique key or a
// status guard), so two instances running a job, or a job racing a payment, give one outcome.

export type RentSettings = { invoiceDaysBefore: number; graceDays: number };
type Deps = { db: Db; notifier: Notifier; settings: RentSettings };

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

// The reminder a month `daysLeft` days away is owed: the nearest of RENT_REMINDER_DAYS not before it.
export function reminderFor(daysLeft: number): number | null {
  const due = RENT_REMINDER_DAYS.filter((d) => d >= daysLeft && daysLeft > 0);
  return due.length ? Math.min(...due) : null;
}

// The earliest month invoiced and not yet paid: what the booking's Pay button charges.
export async function dueInvoice(db: Pick<Db, 'select'>, bookingId: number) {
  const [inv] = await db
    .select()
    .from(rentInvoices)
    .where(and(eq(rentInvoices.bookingId, bookingId), eq(rentInvoices.status, 'due')))
    .orderBy(asc(rentInvoices.month))
    .limit(1);
  if (!inv) throw conflict('No month of this booking is due now', 'NOTHING_DUE');
  return { month: inv.month, amount: inv.amount, fee: inv.fee, start: inv.starts };
}

// The rent.invoices job: each month of a running monthly rental gets its invoice from
// `invoiceDaysBefore` days before it begins, once (the unique key), and the grower is told.
export async function writeDueInvoices({ db, notifier, settings }: Deps, now: Date): Promise<number> {
  const today = todayUtc(now);
  const horizon = shiftDay(today, settings.invoiceDaysBefore);
  const running = await runningMonthlyRentals(db, today);
  let written = 0;
  for (const b of running) {
    const wanted = rentPeriods(b.start, b.months ?? 0).filter(
      (p) => p.month >= 2 && invoiceDay(p.start, settings.invoiceDaysBefore) <= today && p.start < b.end!,
    );
    if (!wanted.length || wanted[0].start > horizon) continue;
    const have = await db
      .select({ month: rentInvoices.month })
      .from(rentInvoices)
      .where(eq(rentInvoices.bookingId, b.id));
    const missing = wanted.filter((p) => !have.some((h) => h.month === p.month));
    for (const p of missing) {
      const made = await db.transaction(async (tx) => {
        // The listing's row, then the booking's (the order every booking move takes): a stay that
        // ended or was cancelled meanwhile gets no invoice.
        await lockListing(tx, b.listingId);
        const cur = await lockBooking(tx, b.id);
        if (!cur || !['paid', 'active'].includes(cur.status) || !cur.end || p.start >= cur.end) return false;
        const [row] = await tx
          .insert(rentInvoices)
          .values({
            bookingId: b.id,
            month: p.month,
            starts: p.start,
            ...monthCharge(cur.pricePerMonth ?? 0),
            remindedDays: reminderFor(daysBetween(today, p.start)),
          })
          .onConflictDoNothing()
          .returning();
        if (row) await notifyDue(tx, notifier, cur, row, settings, 'invoice');
        return Boolean(row);
      });
      if (made) written += 1;
    }
  }
  return written;
}

// The rent.reminders job: 3 days and 1 day before a due month begins, each once (the guard on
// reminded_days), and only the nearest one when the job missed the other.
export async function sendRentReminders({ db, notifier, settings }: Deps, now: Date): Promise<number> {
  const today = todayUtc(now);
  const rows = await db
    .select()
    .from(rentInvoices)
    .where(
      and(
        eq(rentInvoices.status, 'due'),
        sql`${rentInvoices.starts} > ${today}::date`,
        lte(rentInvoices.starts, shiftDay(today, Math.max(...RENT_REMINDER_DAYS))),
      ),
    );
  let sent = 0;
  for (const inv of rows) {
    const d = reminderFor(daysBetween(today, inv.starts));
    if (d === null) continue;
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(rentInvoices)
        .set({ remindedDays: d, updatedAt: now })
        .where(
          and(
            eq(rentInvoices.id, inv.id),
            eq(rentInvoices.status, 'due'),
            or(isNull(rentInvoices.remindedDays), sql`${rentInvoices.remindedDays} > ${d}`),
          ),
        )
        .returning();
      if (!row) return false;
      const b = await bookingById(tx, row.bookingId);
      await notifyDue(tx, notifier, b, row, settings, 'reminder');
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

// The rent.lapse job: a month still unpaid `graceDays` after it began ends the stay when the paid
// time ends (that month's first day); later invoices are void, open checkouts closed, both told.
// Nothing is refunded: every paid month has begun.
export async function lapseUnpaid(
  { db, notifier, settings }: Deps,
  service: Pick<BookingsService, 'move' | 'event'>,
  now: Date,
): Promise<number> {
  const today = todayUtc(now);
  const rows = await db
    .select()
    .from(rentInvoices)
    .where(
      and(eq(rentInvoices.status, 'due'), lte(rentInvoices.starts, shiftDay(today, -settings.graceDays))),
    );
  let ended = 0;
  for (const inv of rows) {
    if (lapseDay(inv.starts, settings.graceDays) > today) continue;
    const done = await db.transaction(async (tx) => {
      const b = await bookingById(tx, inv.bookingId);
      // The locks in the order every booking move takes them: the listing, the booking, the invoice.
      await lockListing(tx, b.listingId);
      const cur = await lockBooking(tx, b.id);
      const [lapsed] = await tx
        .update(rentInvoices)
        .set({ status: 'lapsed', updatedAt: now })
        .where(and(eq(rentInvoices.id, inv.id), eq(rentInvoices.status, 'due')))
        .returning();
      if (!lapsed) return false;
      await voidFrom(tx, cur.id, inv.starts, now);
      if (!['paid', 'active'].includes(cur.status) || !cur.end || cur.end <= inv.starts) return true;
      await endStayAt(tx, cur, inv.starts, `Month ${inv.month} was not paid`, now);
      await service.event(tx, cur.id, 'rent-lapsed', cur.status, cur.status, 'system', `Month ${inv.month}`);
      if (cur.status === 'active' && inv.starts <= today)
        await service.move(tx, { id: cur.id, status: 'active' }, 'complete', 'completed', 'system');
      await notifyLapsed(tx, notifier, cur, inv.starts);
      return true;
    });
    if (done) ended += 1;
  }
  return ended;
}

// The three jobs over deps read at each run.
export function rentJobs(deps: () => Deps, service: () => Pick<BookingsService, 'move' | 'event'>) {
  return {
    invoices: (now: Date) => writeDueInvoices(deps(), now),
    reminders: (now: Date) => sendRentReminders(deps(), now),
    lapse: (now: Date) => lapseUnpaid(deps(), service(), now),
  };
}

type Invoice = typeof rentInvoices.$inferSelect;

async function notifyDue(
  tx: Tx,
  notifier: Notifier,
  b: BookingRow,
  inv: Invoice,
  settings: RentSettings,
  what: 'invoice' | 'reminder',
) {
  const title = (await listingTitles(tx, [b.listingId])).get(b.listingId) ?? '';
  await notifier.notify(tx, {
    userId: b.growerId,
    kind: 'rent_due',
    bookingId: b.id,
    listingId: b.listingId,
    link: `/bookings/${b.id}`,
    title: (l) =>
      what === 'invoice'
        ? l.t.booking.rentInvoice(title, inv.month, l.day(inv.starts))
        : l.t.booking.rentReminder(title, inv.month, l.day(inv.starts)),
    body: (l) =>
      l.t.booking.rentBody(l.usd(inv.amount + inv.fee), l.day(lapseDay(inv.starts, settings.graceDays))),
  });
}

async function notifyLapsed(tx: Tx, notifier: Notifier, b: BookingRow, end: string) {
  const title = (await listingTitles(tx, [b.listingId])).get(b.listingId) ?? '';
  await notifyBothParties(notifier, tx, b, {
    kind: 'booking_cancelled',
    // The last day, as the booking's dates show it (the end is exclusive).
    title: (l) => l.t.booking.rentLapsed(title, l.day(shiftDay(end, -1))),
    body: (l) => l.t.booking.rentLapsedBody,
  });
}
