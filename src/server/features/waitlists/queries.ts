// Waitlists' data face: the queries of its tables other modules use (ADR 053).
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

// An open waiting-list offer (waitlist_offers, ADR 049) holds a plot for its dates until it
// expires, as a booking does: the plot freed for the next in line is theirs to accept, not the
// first visitor's to book.

// The rows (start, end) of the listing's open offers (the bookings' capacity check).
export const openOfferHolds = (listingId: number, now: Date) => sql`
  select o.start, o."end" from waitlist_offers o
  where o.listing_id = ${listingId} and o.status = 'open' and o.expires_at > ${now.toISOString()}::timestamptz`;

// How many of a listing's open offers hold a plot on `day`: the search's `available=` filter counts
// them beside the bookings, so a plot offered to the next in line is not shown as free.
export const offersHoldingOn = (listingId: AnyColumn | SQL, day: string, now: Date) => sql`(
  select count(*) from waitlist_offers o
  where o.listing_id = ${listingId} and o.status = 'open' and o.expires_at > ${now.toISOString()}::timestamptz
    and o.start <= ${day}::date and (o."end" is null or o."end" > ${day}::date))`;
