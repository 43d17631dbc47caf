import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '#client/lib/api.ts';

// Every key starts with '/api/bookings', so one invalidation refreshes the list, details and ledgers.
export const bookingsQuery = apiQuery(['/api/bookings'], 'bookings');
export const bookingQuery = (id: number | string) => apiQuery(['/api/bookings', String(id)], 'bookingDetail');
export const hoursQuery = (id: number | string) =>
  apiQuery(['/api/bookings', String(id), 'hours'], 'hoursLedger');
export const availabilityQuery = (listingId: number) =>
  apiQuery(['/api/listings', String(listingId), 'availability'], 'availability');

// The other party acts meanwhile: the bookings screens read fresh data each time they open.
export function useBookings(enabled = true) {
  return useQuery({ ...bookingsQuery, enabled, refetchOnMount: 'always' });
}

// The header's count: bookings waiting for this user (a request to answer, a rental to pay).
export function useNeedsAction(userId: number | null): number {
  const { data } = useQuery({ ...bookingsQuery, enabled: userId !== null });
  return userId !== null ? (data?.needsAction ?? 0) : 0;
}
