import { type Availability, addMonths } from '#shared/bookings.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { listingById } from '../listings/queries.ts';
import { inSeason, plotsInUseEach } from './capacity.ts';

// The next 12 calendar months of a listing, each with the plots free on its busiest day.
export async function availability(db: Db, listingId: number, now = new Date()): Promise<Availability> {
  const l = await listingById(db, listingId);
  if (!l?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
  const season = { start: l.seasonStart, end: l.seasonEnd };
  const first = `${now.toISOString().slice(0, 7)}-01`;
  const starts = Array.from({ length: 12 }, (_, i) => addMonths(first, i));
  const ranges = starts.map((start) => ({ start, end: addMonths(start, 1) }));
  const used = await plotsInUseEach(db, { listingId, ranges, now });
  const months: Availability['months'] = starts.map((start, i) => ({
    month: start.slice(0, 7),
    free: Math.max(0, l.plots - used[i]),
    inSeason: inSeason(season, Number(start.slice(5, 7))),
  }));
  return {
    plots: l.plots,
    season: l.seasonStart && l.seasonEnd ? { firstMonth: l.seasonStart, lastMonth: l.seasonEnd } : null,
    months,
  };
}
