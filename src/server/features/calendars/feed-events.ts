import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingBlocks } from '../../db/schema.ts';
import { bookingStayFor, growerStaysSince, heldBookingsOfListing } from '../bookings/queries.ts';
import { listingCity, listingState, listingTitle } from '../listings/queries.ts';
import { type FeedEvent, openEnd } from './export.ts';

// What each feed shows (ADR 048). The host's listing feed: the days its bookings hold and its
// blocked days, without the growers' names. The grower's feed: their own stays, with the
// listing's title and city (never the address, which only a confirmed booking's page shows).

const DAY = 86_400_000;
// Feeds show what ended in the last 90 days and everything after.
const since = (now: Date) => new Date(now.getTime() - 90 * DAY).toISOString().slice(0, 10);
// A stay's listing: its title and where it is.
const place = (listingId: SQL) => ({
  title: listingTitle(listingId),
  city: listingCity(listingId),
  state: listingState(listingId),
});

export async function listingEvents(
  db: Db,
  listingId: number,
  origin: string,
  now: Date,
): Promise<FeedEvent[]> {
  const booked = await heldBookingsOfListing(db, listingId, since(now), now);
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
  const rows = await growerStaysSince(db, userId, since(now), now, place);
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
  const [row] = await bookingStayFor(db, userId, bookingId, place);
  if (!row) return null;
  return stayEvent(row, origin, now, !row.holds);
}

type Stay = Awaited<ReturnType<typeof growerStaysSince<ReturnType<typeof place>>>>[number];

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
