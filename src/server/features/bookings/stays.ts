import { type SQL, sql } from 'drizzle-orm';

// A stay (ADR 050): a booking of the listing by that person that actually began. It is running or
// completed, or it was cancelled after its start (its timeline holds the step into 'active'). A
// request, an acceptance, a payment, or a booking cancelled before its start is not a stay.
// The arguments are SQL for the listing's and the person's ids, as the caller's query names them.
export const stayOf = (listingId: SQL, userId: SQL) => sql<boolean>`exists (select 1 from bookings s
  where s.listing_id = ${listingId} and s.grower_id = ${userId}
    and (s.status in ('active', 'completed')
      or (s.status = 'cancelled' and exists (select 1 from booking_events se
        where se.booking_id = s.id and se.to_status = 'active'))))`;
