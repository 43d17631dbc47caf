import { type SQL, sql } from 'drizzle-orm';

// A stay (ADR 050): a booking of the listing by that person that actually began. It is running or
// completed, or it was cancelled after its start (its timeline holds the step into 'active'). A
// request, an acceptance, a payment, or a booking cancelled before its start is not a stay.
const began = sql.raw(`(s.status in ('active', 'completed')
  or (s.status = 'cancelled' and exists (select 1 from booking_events se
    where se.booking_id = s.id and se.to_status = 'active')))`);

// Whether this person stayed at this listing: SQL for the listing's and the person's ids, as the
// caller's query names them (one lookup per row: for a few rows, such as a page of reviews).
export const stayOf = (listingId: SQL, userId: SQL) => sql<boolean>`exists (select 1 from bookings s
  where s.listing_id = ${listingId} and s.grower_id = ${userId} and ${began})`;

// The people who stayed at a listing, as a subquery for `user_id in (...)`. Given the listing's id
// as a value (a parameter, not a column of the outer query), the database reads the listing's
// bookings once and hashes them, however many reviews it checks (ADR 050).
export const stayersOf = (listingId: SQL) =>
  sql`select s.grower_id from bookings s where s.listing_id = ${listingId} and ${began}`;
