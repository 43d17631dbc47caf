// Calendars' data face: the queries of its tables other modules use (ADR 053).
import { sql } from 'drizzle-orm';

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
