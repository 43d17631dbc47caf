// Bookings as calendars show them (ADR 048): a listing's held bookings and a grower's stays, with the
// caller's fragments for what each event names; through bookings' data face (queries.ts).
import { and, asc, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { holdsPlot } from './capacity.ts';

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
