import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { BookingReviewInput } from '#shared/reviews.ts';

// Under '/api/bookings', so every booking mutation refreshes it too.
export const bookingReviewsQuery = (bookingId: number) =>
  apiQuery(['/api/bookings', String(bookingId), 'reviews'], 'bookingReviews');

// Fresh on open: the other party may have reviewed meanwhile (and so revealed both).
export const useBookingReviews = (bookingId: number, enabled = true) =>
  useQuery({ ...bookingReviewsQuery(bookingId), enabled, refetchOnMount: 'always' });

// The host reviews the grower (/review); the grower reviews the listing (/listing-review).
export function useWriteBookingReview(bookingId: number, role: 'grower' | 'host') {
  const { t } = useLingui();
  const qc = useQueryClient();
  const path = role === 'host' ? 'review' : 'listing-review';
  return useMutation({
    mutationFn: async (input: BookingReviewInput) =>
      readJson(await apiRequest('POST', `/api/bookings/${bookingId}/${path}`, input), 'bookingReview'),
    onSuccess: (review) => {
      toast({ title: t`Review submitted`, description: t`Thank you for your feedback!` });
      // Revealed now: the grower's joins the listing's reviews, the host's the grower's profile.
      if (review.revealedAt) {
        void qc.invalidateQueries({ queryKey: ['/api/listings'] });
        void qc.invalidateQueries({ queryKey: ['/api/users'] });
      }
    },
    onError: (err) =>
      toast({
        title: t`Failed to submit review`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      }),
    // Either way the answer may have changed (a 409 means the reveal or the window's end came first).
    onSettled: () => qc.invalidateQueries({ queryKey: bookingReviewsQuery(bookingId).queryKey }),
  });
}
