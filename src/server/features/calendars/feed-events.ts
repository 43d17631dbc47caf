import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, listingBlocks, listings } from '../../db/schema.ts';
import { holdsPlot } from '../bookings/index.ts';
import { type FeedEvent, openEnd } from './export.ts';

// What each feed shows (ADR 048). The host's listing feed: the days its bookings hold and its
// blocked days, without the growers' names. The grower's feed: their own stays, with the
// listing's title and city (never the address, which only a confirmed booking's page shows).

const DAY = 86_400_000;
// Feeds show what ended in the last 90 days and everything after.
const since = (now: Date) => new Date(now.getTime() - 90 * DAY).toISOString().slice(0, 10);
const notEnded = (now: Date) => or(isNull(bookings.end), gte(bookings.end, since(now)));

export async function listingEvents(
  db: Db,
  listingId: number,
  origin: string,
  now: Date,
): Promise<FeedEvent[]> {
  const booked = await db
    .select({ id: bookings.id, start: bookings.start, end: bookings.end })
    .from(bookings)
    .where(and(eq(bookings.listingId, listingId), sql`${holdsPlotOf(now)}`, notEnded(now)))
    .orderBy(asc(bookings.start))
    .limit(2000);
  const blocked = await db
    .select({ id: listingBlocks.id, start: listingBlocks.start, end: listingBlocks.end })
    .from(listingBlocks)
    .where(and(eq(listingBlocks.listingId, listingId), gte(listingBlocks.end, since(now))))
    .orderBy(asc(listingBlocks.start))
    .limit(5000);
  return [
    ...booked.map((b) => ({
      uid: `booking-${b.id}@yardshare`,
      start: b.start,
      end: b.end ?? openEnd(b.start, now),
      summary: 'Booked (Yardshare)',
      url: `${origin}/bookings/${b.id}`,
    })),
    ...blocked.map((k) => ({
      uid: `block-${k.id}-${k.start}@yardshare`,
      start: k.start,
      end: k.end,
      summary: 'Not available (imported calendar)',
    })),
  ];
}

export async function growerEvents(db: Db, userId: number, origin: string, now: Date): Promise<FeedEvent[]> {
  const rows = await stays(db, and(eq(bookings.growerId, userId), sql`${holdsPlotOf(now)}`, notEnded(now)));
  return rows.map((r) => stayEvent(r, origin, now, false));
}

// One booking, for its grower or its host; null for anyone else (the booking does not exist for them).
export async function bookingEvent(
  db: Db,
  userId: number,
  bookingId: number,
  origin: string,
  now: Date,
): Promise<FeedEvent | null> {
  const [row] = await stays(
    db,
    and(eq(bookings.id, bookingId), or(eq(bookings.growerId, userId), eq(bookings.hostId, userId))),
  );
  if (!row) return null;
  return stayEvent(row, origin, now, !row.holds);
}

type Stay = Awaited<ReturnType<typeof stays>>[number];

function stays(db: Db, where: ReturnType<typeof and>) {
  return db
    .select({
      id: bookings.id,
      start: bookings.start,
      end: bookings.end,
      type: bookings.type,
      hoursPerWeek: bookings.hoursPerWeek,
      title: listings.title,
      city: listings.city,
      state: listings.state,
      holds: sql<boolean>`${holdsPlotOf(new Date())}`,
    })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .where(where)
    .orderBy(asc(bookings.start))
    .limit(500);
}

function stayEvent(r: Stay, origin: string, now: Date, tentative: boolean): FeedEvent {
  // An exchange's work is its hours a week over the stay (the days are agreed between the parties).
  const work =
    r.type === 'exchange' && r.hoursPerWeek ? `Garden work: ${r.hoursPerWeek} hours a week.\n` : '';
  return {
    uid: `stay-${r.id}@yardshare`,
    start: r.start,
    end: r.end ?? openEnd(r.start, now),
    summary: `${r.title} (Yardshare)`,
    description: `${work}${origin}/bookings/${r.id}`,
    location: `${r.city}, ${r.state}`,
    url: `${origin}/bookings/${r.id}`,
    tentative,
  };
}

// holdsPlot reads the bookings table as "b".
const holdsPlotOf = (now: Date) =>
  sql`exists (select 1 from ${bookings} b where b.id = ${bookings.id} and ${holdsPlot(now)})`;
