// A person's bookings as their account sees them: what the data export shows of them and what their
// deletion wipes (ADR 022), for the account feature through bookings' data face (queries.ts).
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookingEvents, bookings, hoursEntries } from '../../db/schema.ts';

// ---- A person's bookings (the account's export and deletion, ADR 022) ---------------------------
const OPEN_BOOKING = ['requested', 'accepted', 'paid', 'active'] as const;

// Whether the user has a booking still open, as grower or host.
export async function hasBookingInProgress(tx: Tx, userId: number): Promise<boolean> {
  const [busy] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        or(eq(bookings.growerId, userId), eq(bookings.hostId, userId)),
        inArray(bookings.status, OPEN_BOOKING),
      ),
    )
    .limit(1);
  return Boolean(busy);
}

// The user's bookings as grower or host, in id order, with their events and hours.
export async function bookingsOfPerson(db: Pick<Db, 'select'>, userId: number) {
  const rows = await db
    .select()
    .from(bookings)
    .where(or(eq(bookings.growerId, userId), eq(bookings.hostId, userId)))
    .orderBy(bookings.id);
  const ids = rows.map((b) => b.id);
  const events = ids.length
    ? await db
        .select()
        .from(bookingEvents)
        .where(inArray(bookingEvents.bookingId, ids))
        .orderBy(asc(bookingEvents.id))
    : [];
  const hours = ids.length
    ? await db
        .select()
        .from(hoursEntries)
        .where(inArray(hoursEntries.bookingId, ids))
        .orderBy(asc(hoursEntries.day), asc(hoursEntries.id))
    : [];
  return { bookings: rows, events, hours };
}

// A deleted account's words on bookings go (the bookings stay, ADR 022): the grower's note, the
// notes of the events they made as either party, the notes of their hours.
export async function forgetPersonBookingNotes(tx: Tx, userId: number): Promise<void> {
  await tx.update(bookings).set({ note: null }).where(eq(bookings.growerId, userId));
  await tx.execute(sql`
    update ${bookingEvents} e set note = null
    from ${bookings} b
    where b.id = e.booking_id
      and ((e.actor = 'grower' and b.grower_id = ${userId}) or (e.actor = 'host' and b.host_id = ${userId}))`);
  await tx.execute(sql`
    update ${hoursEntries} h set note = ''
    from ${bookings} b
    where b.id = h.booking_id and b.grower_id = ${userId}`);
}
