// Bookings' data face: the queries of its tables other modules use (ADR 053).
import { type AnyColumn, and, asc, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ADDRESS_STATUSES } from '#shared/booking-rules.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookingEvents, bookings, hoursEntries } from '../../db/schema.ts';
import { holdsPlot } from './capacity.ts';

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

// ---- The calendar feeds' bookings (ADR 048) ----------------------------------------------------
// The outer query's booking, spelt out: in a single-table select list Drizzle writes a column bare,
// which inside a subquery would mean the subquery's own.
const BOOKING_ID = sql.raw('"bookings"."id"');
const BOOKING_LISTING_ID = sql.raw('"bookings"."listing_id"');
// True when the booking holds its plot at `now` (holdsPlot reads the bookings table as "b").
const holdsPlotNow = (now: Date) =>
  sql<boolean>`exists (select 1 from ${bookings} b where b.id = ${BOOKING_ID} and ${holdsPlot(now)})`;
// Not ended before `since` (a SQL date); open-ended never ends.
const notEndedBefore = (since: string) => or(isNull(bookings.end), gte(bookings.end, since));

// The listing's bookings that hold a plot at `now` and had not ended before `since`, by start.
export function heldBookingsOfListing(db: Pick<Db, 'select'>, listingId: number, since: string, now: Date) {
  return db
    .select({ id: bookings.id, start: bookings.start, end: bookings.end })
    .from(bookings)
    .where(and(eq(bookings.listingId, listingId), holdsPlotNow(now), notEndedBefore(since)))
    .orderBy(asc(bookings.start))
    .limit(2000);
}

// Stays as a calendar shows them: the booking's days and kind, whether it holds its plot now, and
// the caller's fragments over its listing's id (such as the listing's title and place), by start.
function staysWith<T extends Record<string, SQL>>(
  db: Pick<Db, 'select'>,
  where: SQL | undefined,
  place: (listingId: SQL) => T,
) {
  return db
    .select({
      id: bookings.id,
      start: bookings.start,
      end: bookings.end,
      type: bookings.type,
      hoursPerWeek: bookings.hoursPerWeek,
      ...place(BOOKING_LISTING_ID),
      holds: holdsPlotNow(new Date()),
    })
    .from(bookings)
    .where(where)
    .orderBy(asc(bookings.start))
    .limit(500);
}

// The grower's stays that hold a plot at `now` and had not ended before `since`.
export const growerStaysSince = <T extends Record<string, SQL>>(
  db: Pick<Db, 'select'>,
  growerId: number,
  since: string,
  now: Date,
  place: (listingId: SQL) => T,
) => staysWith(db, and(eq(bookings.growerId, growerId), holdsPlotNow(now), notEndedBefore(since)), place);

// One booking as a stay, for its grower or its host (none for anyone else).
export const bookingStayFor = <T extends Record<string, SQL>>(
  db: Pick<Db, 'select'>,
  userId: number,
  bookingId: number,
  place: (listingId: SQL) => T,
) =>
  staysWith(
    db,
    and(eq(bookings.id, bookingId), or(eq(bookings.growerId, userId), eq(bookings.hostId, userId))),
    place,
  );
