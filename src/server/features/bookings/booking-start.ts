import { INSTANT_PAYMENT_WINDOW_HOURS, REQUEST_TTL_HOURS } from '#shared/bookings.ts';
import type { ListingType } from '#shared/constants.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors.ts';
import { assertNotBlocked } from '../blocks/queries.ts';
import { lockListingRow } from '../listings/queries.ts';
import { shareActiveUser } from '../users/queries.ts';

const HOUR = 3_600_000;

// The listing a grower books, locked: one booking decision at a time per listing, so capacity is
// counted under this lock. Refuses a hidden or unknown listing, the host's own, a block either way,
// and an account being deleted (it holds its row locked, ADR 022: the booking waits, then sees it
// gone).
export async function lockForBooking(tx: Tx, listingId: number, growerId: number) {
  const listing = await lockListingRow(tx, listingId);
  if (!listing?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
  if (listing.userId === growerId) throw forbidden('You cannot book your own listing', 'OWN_LISTING');
  await assertNotBlocked(tx, growerId, listing.userId);
  if (!(await shareActiveUser(tx, growerId))) throw notFound('Account not found', 'USER_NOT_FOUND');
  return listing;
}

// When a new booking lapses unanswered: a request after REQUEST_TTL_HOURS, an instant rental
// unpaid after INSTANT_PAYMENT_WINDOW_HOURS; an instant free booking never.
export function firstExpiry(type: ListingType, instant: boolean, now: Date): Date | null {
  if (!instant) return new Date(now.getTime() + REQUEST_TTL_HOURS * HOUR);
  return type === 'rental' ? new Date(now.getTime() + INSTANT_PAYMENT_WINDOW_HOURS * HOUR) : null;
}
