// Bookings' data face: the queries of its tables other modules use (ADR 053).
import { type AnyColumn, and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ADDRESS_STATUSES } from '#shared/booking-rules.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { holdsPlot } from './capacity.ts';

export { bookingsOfPerson, forgetPersonBookingNotes, hasBookingInProgress } from './person-data.ts';
export { bookingStayFor, growerStaysSince, heldBookingsOfListing } from './stay-rows.ts';

// A booking's row by id (undefined: none).
export async function bookingById(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

// A booking's row locked for the transaction (FOR UPDATE). Every booking move locks its listing's row
// first, then the booking's.
export async function lockBooking(tx: Tx, id: number) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

// The grower's open booking of a listing (requested, accepted, paid or active), if any.
export async function openBookingOf(db: Pick<Db, 'select'>, growerId: number, listingId: number) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.growerId, growerId),
        eq(bookings.listingId, listingId),
        inArray(bookings.status, ['requested', 'accepted', 'paid', 'active']),
      ),
    )
    .limit(1);
  return row;
}

// The monthly rentals running (paid or active) whose stay ends after `today` (a SQL date).
export function runningMonthlyRentals(db: Pick<Db, 'select'>, today: string) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.paymentPlan, 'monthly'),
        inArray(bookings.status, ['paid', 'active']),
        sql`${bookings.end} > ${today}::date`,
      ),
    );
}

// A stay ended early at `end`: its first end kept as originalEnd, with the reason.
export async function endStayAt(
  tx: Tx,
  b: { id: number; end: string | null; originalEnd: string | null },
  end: string,
  reason: string,
  now: Date,
): Promise<void> {
  await tx
    .update(bookings)
    .set({ end, originalEnd: b.originalEnd ?? b.end, endReason: reason, updatedAt: now })
    .where(eq(bookings.id, b.id));
}

// The marketplace figures' rows of the bookings (k, l, v: kind, label, value; ops/marketplace.ts):
// how many bookings are in each state.
export const bookingFigures = sql`select 'booking' as k, status as l, count(*)::float8 as v from bookings group by status`;

// A condition on a listing id (a column or SQL of the caller's query): true when a booking of it
// exists.
export const listingHasBookings = (listingId: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from ${bookings} b where b.listing_id = ${listingId})`;

// A condition on a booking id and a role ('grower' or 'host'), both SQL of the caller's query: true
// when the user is that party of the booking (e.g. the author of a booking's review).
export const bookingPartyIs = (bookingId: AnyColumn | SQL, role: AnyColumn | SQL, userId: number) =>
  sql<boolean>`exists (select 1 from ${bookings} b where b.id = ${bookingId}
    and ((${role} = 'grower' and b.grower_id = ${userId}) or (${role} = 'host' and b.host_id = ${userId})))`;

// The listings whose address the grower's bookings show (ADR 038): a SELECT of one column
// (listing_id) for the caller's statement.
export const listingsAddressShownTo = (growerId: AnyColumn | SQL | number) =>
  sql<number>`select b.listing_id from ${bookings} b where b.grower_id = ${growerId} and b.status in (${sql.join(
    ADDRESS_STATUSES.map((s) => sql.raw(`'${s}'`)),
    sql`, `,
  )})`;

// A booking's kind, start, listing and parties with the caller's fragments over its listing's and
// parties' ids (such as the listing's title and the people's names), in one statement; undefined:
// no such booking.
export async function bookingWith<T extends Record<string, SQL>>(
  db: Pick<Db, 'select'>,
  id: number,
  more: (ids: { listingId: AnyColumn; growerId: AnyColumn; hostId: AnyColumn }) => T,
) {
  const [row] = await db
    .select({
      id: bookings.id,
      listingId: bookings.listingId,
      type: bookings.type,
      start: bookings.start,
      growerId: bookings.growerId,
      hostId: bookings.hostId,
      ...more({ listingId: bookings.listingId, growerId: bookings.growerId, hostId: bookings.hostId }),
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}

// The user's newest bookings as grower or host, `limit` at the most, each with its listing's title
// (`title`: the listings' fragment on the listing id column) in the same statement.
export function latestBookingsOf(
  db: Pick<Db, 'select'>,
  userId: number,
  limit: number,
  title: (listingId: typeof bookings.listingId) => SQL<string>,
) {
  return db
    .select({ b: bookings, title: title(bookings.listingId) })
    .from(bookings)
    .where(or(eq(bookings.growerId, userId), eq(bookings.hostId, userId)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
}

// The booking with this id when its grower and host are these two people (either way round), with
// its listing's title (`title`: the listings' fragment for the booking's listing id); undefined
// otherwise.
export async function bookingBetween(
  db: Pick<Db, 'select'>,
  id: number,
  a: number,
  b: number,
  title: (listingId: AnyColumn) => SQL<string>,
): Promise<{ id: number; listingTitle: string } | undefined> {
  const [row] = await db
    .select({ id: bookings.id, listingTitle: title(bookings.listingId) })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, id),
        or(
          and(eq(bookings.growerId, a), eq(bookings.hostId, b)),
          and(eq(bookings.growerId, b), eq(bookings.hostId, a)),
        ),
      ),
    )
    .limit(1);
  return row;
}

// The titles of these bookings' listings, by booking id (`title`: the listings' fragment for the
// booking's listing id).
export async function bookingListingTitles(
  db: Pick<Db, 'select'>,
  ids: number[],
  title: (listingId: AnyColumn) => SQL<string>,
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: bookings.id, title: title(bookings.listingId) })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

// The bookings' listing, parties and state as a subquery to join (`.innerJoin(b, eq(b.id, ...))`):
// the database flattens it, so the join plans as one of the table.
export const bookingParties = (name = 'booking') =>
  new QueryBuilder()
    .select({
      id: bookings.id,
      listingId: bookings.listingId,
      growerId: bookings.growerId,
      hostId: bookings.hostId,
      status: bookings.status,
    })
    .from(bookings)
    .as(name);

// When a booking completed: the time of its 'complete' event, else of its last change; SQL over the
// booking's row as the query names it (`alias`).
const completedAtOf = (alias: string) =>
  sql.raw(`coalesce((select max(e.created_at) from booking_events e
  where e.booking_id = ${alias}.id and e.action = 'complete'), ${alias}.updated_at)`);

// A booking's state, parties and completion time, locked for the transaction (FOR UPDATE) when
// `lock`; undefined: no such booking.
export async function bookingCompletion(db: Pick<Db, 'select'>, id: number, lock: boolean) {
  const query = db
    .select({
      status: bookings.status,
      growerId: bookings.growerId,
      hostId: bookings.hostId,
      completedAt: sql<Date>`${completedAtOf('bookings')}`.mapWith(bookings.updatedAt),
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  const [b] = lock ? await query.for('update') : await query;
  return b;
}

// A condition on a booking id (a column or SQL of the caller's query): true when the booking
// completed at or before `cutoff` (an ISO time).
export const bookingCompletedBy = (bookingId: AnyColumn | SQL, cutoff: string) =>
  sql<boolean>`exists (select 1 from ${bookings} b where b.id = ${bookingId} and b.status = 'completed'
    and ${completedAtOf('b')} <= ${cutoff}::timestamptz)`;

// How many plots of the listing (a column or SQL of the caller's query) bookings hold on `day`
// (capacity.ts's rule): a scalar subquery.
export const plotsHeldOn = (listingId: AnyColumn | SQL, day: string, now: Date) =>
  sql<number>`(select count(*) from bookings b
      where b.listing_id = ${listingId} and ${holdsPlot(now)}
        and b.start <= ${day}::date and (b."end" is null or b."end" > ${day}::date))`;

// True when the grower has a booking of the listing that shows its address (ADR 038); both SQL of
// the caller's query.
export const addressShownBy = (listingId: AnyColumn | SQL, growerId: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from ${bookings} b where b.listing_id = ${listingId}
          and b.grower_id = ${growerId} and b.status in (${sql.join(
            ADDRESS_STATUSES.map((s) => sql.raw(`'${s}'`)),
            sql`, `,
          )}))`;

// A condition: true when the grower has a booking of the listing that holds a plot (capacity.ts's
// rule) on a day of [start, end), `end` null open-ended. Each argument is a value or SQL of the
// caller's statement: a waiting list gives no place to someone already holding a plot for the
// dates (ADR 049), in the statement that makes or keeps the place.
export const growerHoldsPlotDuring = (p: {
  growerId: AnyColumn | SQL | number;
  listingId: AnyColumn | SQL | number;
  start: SQL | string;
  end: SQL | string | null;
  now: Date;
}) =>
  sql<boolean>`exists (select 1 from ${bookings} b where b.grower_id = ${p.growerId}
    and b.listing_id = ${p.listingId} and ${holdsPlot(p.now)}
    and (${p.end}::date is null or b.start < ${p.end}::date) and (b."end" is null or b."end" > ${p.start}::date))`;
