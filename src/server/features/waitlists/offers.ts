import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addMonths, todayUtc } from '#shared/bookings.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { waitlistEntries, waitlistOffers } from '../../db/schema.ts';
import { runSoon } from '../../jobs/queue.ts';
import { inSeason, monthsTouched, plotsInUse } from '../bookings/index.ts';
import { growerHoldsPlotDuring } from '../bookings/queries.ts';
import { lockListingRow } from '../listings/queries.ts';
import { userIsLive } from '../users/queries.ts';
import { offerNotice } from './notices.ts';

export type OfferSettings = { offerMs: number };

// The job that makes the offers (ADR 049). Its name is its queue's (ADR 054).
export const OFFERS_JOB = 'waitlists.offers';

export type LockedListing = {
  id: number;
  userId: number;
  title: string;
  type: string;
  plots: number;
  active: boolean;
  seasonStart: number | null;
  seasonEnd: number | null;
};

// Every decision about a listing's list takes the listing's row lock first, as booking decisions do
// (ADR 016): offers, acceptances, bookings and changes to the line take turns, in one lock order
// (listing, then offers, then entries), so none can deadlock another.
export async function lockListing(tx: Tx, listingId: number): Promise<LockedListing | null> {
  return (await lockListingRow(tx, listingId)) ?? null;
}

// The dates an entry is offered: the ones asked for, from today once their first day has passed.
export function offeredDates(entry: { start: string; months: number | null }, now: Date) {
  const today = todayUtc(now);
  const start = [entry.start, today].sort()[1];
  return { start, end: entry.months ? addMonths(start, entry.months) : null };
}

// Offers each free plot to the first in line whose dates fit, under the listing's lock. An open
// offer holds its plot (bookings' capacity counts it), so running this again, or twice at once,
// makes no second offer of the same plot. Returns the offers made.
export async function makeOffers(
  tx: Tx,
  listing: LockedListing,
  now: Date,
  s: OfferSettings,
  notifier: Notifier,
): Promise<{ id: number; growerId: number }[]> {
  if (!listing.active || listing.type === 'exchange') return [];
  const waiting = await tx
    .select({ e: waitlistEntries })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.listingId, listing.id),
        eq(waitlistEntries.status, 'waiting'),
        userIsLive(waitlistEntries.growerId),
      ),
    )
    .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.id))
    .limit(200)
    .for('update', { of: waitlistEntries });
  const holders = await endHolders(
    tx,
    listing.id,
    waiting.map(({ e }) => e),
    now,
  );
  const made: { id: number; growerId: number }[] = [];
  const season = { start: listing.seasonStart, end: listing.seasonEnd };
  for (const { e } of waiting) {
    if (holders.has(e.id)) continue;
    const { start, end } = offeredDates(e, now);
    if (!monthsTouched(start, end, 1).every((m) => inSeason(season, m))) continue;
    const used = await plotsInUse(tx, { listingId: listing.id, start, end, now });
    if (used >= listing.plots) continue;
    const expiresAt = new Date(now.getTime() + s.offerMs);
    const [offer] = await tx
      .insert(waitlistOffers)
      .values({
        entryId: e.id,
        listingId: listing.id,
        growerId: e.growerId,
        start,
        end,
        months: e.months,
        expiresAt,
      })
      .returning({ id: waitlistOffers.id });
    await tx
      .update(waitlistEntries)
      .set({ status: 'offered', updatedAt: now })
      .where(eq(waitlistEntries.id, e.id));
    await notifier.notify(tx, offerNotice({ growerId: e.growerId, listing, start, end, expiresAt }));
    made.push({ id: offer.id, growerId: e.growerId });
  }
  return made;
}

// Ends the places of the growers who have come to hold a plot of the listing for the dates they
// would be offered (booked past the line while a plot was free, or a request accepted): one place in
// line (ADR 049, update). Their entry ends as `booked`, so no offer goes to them, nor the plot back
// ahead of the line once they give theirs up. One guarded UPDATE, under the listing's lock.
async function endHolders(
  tx: Tx,
  listingId: number,
  entries: { id: number; start: string; months: number | null }[],
  now: Date,
): Promise<Set<number>> {
  if (!entries.length) return new Set();
  const dates = sql.join(
    entries.map((e) => {
      const { start, end } = offeredDates(e, now);
      return sql`(${e.id}::int, ${start}::date, ${end}::date)`;
    }),
    sql`, `,
  );
  const holds = growerHoldsPlotDuring({
    growerId: sql`w.grower_id`,
    listingId,
    start: sql`d.s`,
    end: sql`d.e`,
    now,
  });
  const result = await tx.execute(sql`
    update ${waitlistEntries} w set status = 'booked', updated_at = ${now.toISOString()}::timestamptz
    from (values ${dates}) d(id, s, e)
    where w.id = d.id and w.status = 'waiting' and ${holds}
    returning w.id`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
}

// Open offers past their time lapse (the entry leaves the line), under the listing's lock.
export async function lapseDue(tx: Tx, listingId: number, now: Date): Promise<number> {
  const lapsed = await tx
    .update(waitlistOffers)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(waitlistOffers.listingId, listingId),
        eq(waitlistOffers.status, 'open'),
        sql`${waitlistOffers.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ entryId: waitlistOffers.entryId });
  if (lapsed.length)
    await tx
      .update(waitlistEntries)
      .set({ status: 'lapsed', updatedAt: now })
      .where(
        and(
          inArray(
            waitlistEntries.id,
            lapsed.map((l) => l.entryId),
          ),
          eq(waitlistEntries.status, 'offered'),
        ),
      );
  return lapsed.length;
}

// The job (every minute, and at once when a plot frees: nudgeOffers): for every listing with
// people waiting or offers lapsing, lapse what is due and offer what is free, one listing per
// transaction. It works from the data, so a run cut short is done again by the next.
export async function offerDue(db: Db, now: Date, s: OfferSettings, notifier: Notifier) {
  const result = await db.execute(sql`
    select listing_id as id from waitlist_entries where status = 'waiting'
    union
    select listing_id from waitlist_offers
    where status = 'open' and expires_at <= ${now.toISOString()}::timestamptz`);
  let offers = 0;
  for (const { id } of (result as unknown as { rows: { id: number }[] }).rows)
    offers += await db.transaction(async (tx) => {
      const listing = await lockListing(tx, Number(id));
      if (!listing) return 0;
      await lapseDue(tx, listing.id, now);
      return (await makeOffers(tx, listing, now, s, notifier)).length;
    });
  return offers;
}

// A plot may have freed (a booking cancelled, declined, withdrawn, expired, ended): the offers job
// is nudged from the transaction that freed it, and runs as soon as it commits (ADR 054).
export async function nudgeOffers(tx: Tx): Promise<void> {
  await runSoon(tx, OFFERS_JOB);
}
