import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { BookingDetail, CreateBookingInput, HoursEntryInput } from '#shared/bookings.ts';
import type { CreatePaymentInput } from '#shared/payments.ts';

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

function useInvalidate(listingId?: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['/api/bookings'] }),
      listingId ? qc.invalidateQueries({ queryKey: availabilityQuery(listingId).queryKey }) : null,
    ]);
}

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });

// A full-page redirect to the hosted checkout, like the spec's pay button.
function goToCheckout(hostedUrl: string) {
  window.location.href = hostedUrl;
}

async function checkout(id: number) {
  return readJson(await apiRequest('POST', `/api/bookings/${id}/pay`), 'bookingCheckout');
}

export function useCreateBooking(listingId: number) {
  const invalidate = useInvalidate(listingId);
  return useMutation({
    mutationFn: async (input: CreateBookingInput) =>
      readJson(await apiRequest('POST', '/api/bookings', input), 'booking'),
    onSuccess: () => invalidate(),
    onError: failed('Could not book'),
  });
}

// An instant rental of several months: the booking, then straight to its checkout. When the
// checkout cannot open, the booking stays (accepted) and its page offers to pay.
export function useBookAndPay(listingId: number) {
  const invalidate = useInvalidate(listingId);
  return useMutation({
    mutationFn: async (input: CreateBookingInput) => {
      const booking = await readJson(await apiRequest('POST', '/api/bookings', input), 'booking');
      try {
        return { booking, hostedUrl: (await checkout(booking.id)).hostedUrl, error: null };
      } catch (err) {
        return { booking, hostedUrl: null, error: err };
      }
    },
    onSuccess: ({ hostedUrl, error }) => {
      invalidate();
      if (hostedUrl) goToCheckout(hostedUrl);
      else failed('Payment Error')(error);
    },
    onError: failed('Could not book'),
  });
}

// The spec's pay button (POST /api/payments/create), which books one month of an instant rental.
export function useSpecPayment() {
  return useMutation({
    mutationFn: async (input: CreatePaymentInput) =>
      readJson(await apiRequest('POST', '/api/payments/create', input), 'paymentCreated'),
    onSuccess: (data) => {
      if (data?.hostedUrl) return goToCheckout(data.hostedUrl);
      toast({ title: 'Payment Error', description: 'Failed to create payment', variant: 'destructive' });
    },
    onError: (err) =>
      toast({
        title: 'Payment Error',
        description: errorMessage(err, 'An unexpected error occurred'),
        variant: 'destructive',
      }),
  });
}

export function usePayBooking() {
  return useMutation({
    mutationFn: checkout,
    onSuccess: (data) => goToCheckout(data.hostedUrl),
    onError: failed('Payment Error'),
  });
}

export type BookingActionName = 'accept' | 'decline' | 'withdraw' | 'cancel';

const DONE: Record<BookingActionName, string> = {
  accept: 'Booking accepted',
  decline: 'Booking declined',
  withdraw: 'Request withdrawn',
  cancel: 'Booking cancelled',
};

export function useBookingAction() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: BookingActionName }) =>
      readJson(await apiRequest('POST', `/api/bookings/${id}/${action}`), 'bookingDetail'),
    onSuccess: (detail: BookingDetail, { action }) => {
      qc.setQueryData(bookingQuery(detail.id).queryKey, detail);
      qc.invalidateQueries({ queryKey: availabilityQuery(detail.listingId).queryKey });
      invalidate();
      toast({ title: DONE[action] });
    },
    onError: failed('Could not update the booking'),
  });
}

export function useLogHours(bookingId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: HoursEntryInput) =>
      readJson(await apiRequest('POST', `/api/bookings/${bookingId}/hours`, input), 'hoursEntry'),
    onSuccess: () => {
      invalidate();
      toast({ title: 'Hours logged', description: 'The host can now confirm them.' });
    },
    onError: failed('Could not log hours'),
  });
}

export function useDecideHours(bookingId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ entryId, decision }: { entryId: number; decision: 'confirm' | 'dispute' }) =>
      readJson(
        await apiRequest('POST', `/api/bookings/${bookingId}/hours/${entryId}/${decision}`),
        'hoursEntry',
      ),
    onSuccess: (entry) => {
      invalidate();
      toast({ title: entry.status === 'confirmed' ? 'Hours confirmed' : 'Hours disputed' });
    },
    onError: failed('Could not update the entry'),
  });
}
