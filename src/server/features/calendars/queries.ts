// Calendars' data face: the queries of its tables other modules use (ADR 053).
import { randomBytes } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema.ts';

// A listing's blocked days (listing_blocks, ADR 048) hold every plot: a booking that touches one
// finds no plot free, the availability calendar shows its month full, and a search for a free day
// leaves the listing out.

// As many plots as a listing can never have (listings_plots_check allows at most 500).
export const ALL_PLOTS = 1_000_000;

// True when a block of the listing overlaps [s, e) (e null: open-ended); s and e are SQL dates.
export const blockedDuring = (
  listingId: number | ReturnType<typeof sql>,
  s: unknown,
  e: unknown,
) => sql`exists (
  select 1 from listing_blocks k
  where k.listing_id = ${listingId} and (${e}::date is null or k.start < ${e}::date) and k."end" > ${s}::date
)`;

// A feed's secret address: 192 random bits (ADR 048).
export const newFeedToken = () => randomBytes(24).toString('base64url');

// A new address for the grower's own feed, as for a session when the account signs out everywhere
// (ADR 048): the old one answers 404. A grower who never asked for it has none to change.
export async function changeGrowerFeedAddress(db: Pick<Db, 'update'>, userId: number): Promise<void> {
  await db
    .update(calendarFeeds)
    .set({ token: newFeedToken(), createdAt: new Date() })
    .where(eq(calendarFeeds.userId, userId));
}

// A deleted account's feeds (ADR 048): the grower's, and those of its listings (a listing kept for
// its bookings stays hidden; its feed goes). Their addresses answer 404.
export async function forgetPersonFeeds(
  tx: Pick<Db, 'delete'>,
  userId: number,
  listingIds: number[],
): Promise<void> {
  const listingsFeeds = listingIds.length ? inArray(calendarFeeds.listingId, listingIds) : undefined;
  await tx.delete(calendarFeeds).where(or(eq(calendarFeeds.userId, userId), listingsFeeds));
}
