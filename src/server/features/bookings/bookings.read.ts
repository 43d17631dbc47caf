import { desc, eq, or } from 'drizzle-orm';
import type { BookingDetail, BookingRole, BookingsList } from '#shared/bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookings } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { type BookingRow, readBookings } from './bookings.view.ts';

// The bookings as their parties read them: one booking with its timeline, and a user's list.

export async function loadBooking(tx: Pick<Db, 'select'>, id: number): Promise<BookingRow> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, id));
  if (!b) throw notFound('Booking not found', 'BOOKING_NOT_FOUND');
  return b;
}

// Only the two parties see a booking; to anyone else it does not exist.
export function roleIn(b: BookingRow, userId: number): BookingRole {
  if (b.growerId === userId) return 'grower';
  if (b.hostId === userId) return 'host';
  throw notFound('Booking not found', 'BOOKING_NOT_FOUND');
}

export async function listBookings(db: Db, userId: number, now: Date): Promise<BookingsList> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(or(eq(bookings.growerId, userId), eq(bookings.hostId, userId)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(200);
  const all = await readBookings(
    db,
    rows.map((r) => r.id),
    userId,
    now,
  );
  const asGrower = all.filter((b) => b.role === 'grower');
  const asHost = all.filter((b) => b.role === 'host');
  const needsAction = all.filter(
    (b) =>
      (b.role === 'host' && b.status === 'requested') ||
      (b.role === 'grower' && b.actions.includes('pay')) ||
      // A later month of a monthly rental to pay (ADR 040).
      (b.role === 'grower' &&
        b.rentMonths.some((m) => m.month > 1 && (m.status === 'due' || m.status === 'overdue'))),
  ).length;
  return { asGrower, asHost, needsAction };
}

export async function bookingDetail(db: Db, userId: number, id: number, now: Date): Promise<BookingDetail> {
  roleIn(await loadBooking(db, id), userId);
  const [view] = await readBookings(db, [id], userId, now);
  const events = await db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, id))
    .orderBy(bookingEvents.id);
  return {
    ...view,
    events: events.map((e) => ({
      id: e.id,
      action: e.action,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actor: e.actor,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
