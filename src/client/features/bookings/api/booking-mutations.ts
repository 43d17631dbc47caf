// The bookings' changes, each with its toasts (outside the header's module, so its messages load
// with the bookings screens, not with the shell).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { BookingDetail, CreateBookingInput, HoursEntryInput } from '#shared/bookings.ts';
import type { CreatePaymentInput } from '#shared/payments.ts';
import { availabilityQuery, bookingQuery } from './bookings.ts';

function useInvalidate(listingId?: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['/api/bookings'] }),
      listingId ? qc.invalidateQueries({ queryKey: availabilityQuery(listingId).queryKey }) : null,
      // The listing itself: its address shows once a booking is accepted (ADR 038).
      listingId ? qc.invalidateQueries({ queryKey: ['/api/listings', String(listingId)] }) : null,
    ]);
}

// The error toast of a failed request, titled in the page language.
function useFailed() {
  const { t } = useLingui();
  return (title: string) => (err: unknown) =>
    toast({ title, description: errorMessage(err, t`Please try again.`), variant: 'destructive' });
}

// A full-page redirect to the hosted checkout, like the spec's pay button.
function goToCheckout(hostedUrl: string) {
  window.location.href = hostedUrl;
}

async function checkout(id: number) {
  return readJson(await apiRequest('POST', `/api/bookings/${id}/pay`), 'bookingCheckout');
}

export function useCreateBooking(listingId: number) {
  const { t } = useLingui();
  const failed = useFailed();
  const invalidate = useInvalidate(listingId);
  return useMutation({
    mutationFn: async (input: CreateBookingInput) =>
      readJson(await apiRequest('POST', '/api/bookings', input), 'booking'),
    onSuccess: () => invalidate(),
    onError: failed(t`Could not book`),
  });
}

// An instant rental of several months: the booking, then straight to its checkout. When the
// checkout cannot open, the booking stays (accepted) and its page offers to pay.
export function useBookAndPay(listingId: number) {
  const { t } = useLingui();
  const failed = useFailed();
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
      else failed(t`Payment Error`)(error);
    },
    onError: failed(t`Could not book`),
  });
}

// The spec's pay button (POST /api/payments/create), which books one month of an instant rental.
export function useSpecPayment() {
  const { t } = useLingui();
  return useMutation({
    mutationFn: async (input: CreatePaymentInput) =>
      readJson(await apiRequest('POST', '/api/payments/create', input), 'paymentCreated'),
    onSuccess: (data) => {
      if (data?.hostedUrl) return goToCheckout(data.hostedUrl);
      toast({ title: t`Payment Error`, description: t`Failed to create payment`, variant: 'destructive' });
    },
    onError: (err) =>
      toast({
        title: t`Payment Error`,
        description: errorMessage(err, t`An unexpected error occurred`),
        variant: 'destructive',
      }),
  });
}

export function usePayBooking() {
  const { t } = useLingui();
  const failed = useFailed();
  return useMutation({
    mutationFn: checkout,
    onSuccess: (data) => goToCheckout(data.hostedUrl),
    onError: failed(t`Payment Error`),
  });
}

export type BookingActionName = 'accept' | 'decline' | 'withdraw' | 'cancel';

const DONE: Record<BookingActionName, MessageDescriptor> = {
  accept: msg`Booking accepted`,
  decline: msg`Booking declined`,
  withdraw: msg`Request withdrawn`,
  cancel: msg`Booking cancelled`,
};

export function useBookingAction() {
  const { t, i18n } = useLingui();
  const failed = useFailed();
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: BookingActionName }) =>
      readJson(await apiRequest('POST', `/api/bookings/${id}/${action}`), 'bookingDetail'),
    onSuccess: (detail: BookingDetail, { action }) => {
      qc.setQueryData(bookingQuery(detail.id).queryKey, detail);
      qc.invalidateQueries({ queryKey: availabilityQuery(detail.listingId).queryKey });
      invalidate();
      toast({ title: i18n._(DONE[action]) });
    },
    onError: failed(t`Could not update the booking`),
  });
}

export function useLogHours(bookingId: number) {
  const { t } = useLingui();
  const failed = useFailed();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: HoursEntryInput) =>
      readJson(await apiRequest('POST', `/api/bookings/${bookingId}/hours`, input), 'hoursEntry'),
    onSuccess: () => {
      invalidate();
      toast({ title: t`Hours logged`, description: t`The host can now confirm them.` });
    },
    onError: failed(t`Could not log hours`),
  });
}

export function useDecideHours(bookingId: number) {
  const { t } = useLingui();
  const failed = useFailed();
  const invalidate = useInvalidate();
  return useMutation({
    // A dispute may carry the host's reason (ADR 059); empty sends none.
    mutationFn: async ({
      entryId,
      decision,
      reason,
    }: {
      entryId: number;
      decision: 'confirm' | 'dispute';
      reason?: string;
    }) =>
      readJson(
        await apiRequest(
          'POST',
          `/api/bookings/${bookingId}/hours/${entryId}/${decision}`,
          reason?.trim() ? { reason: reason.trim() } : undefined,
        ),
        'hoursEntry',
      ),
    onSuccess: (entry) => {
      invalidate();
      toast({ title: entry.status === 'confirmed' ? t`Hours confirmed` : t`Hours disputed` });
    },
    onError: failed(t`Could not update the entry`),
  });
}
