import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { CreateReviewInput } from '#shared/reviews.ts';

// Under the listing's key, so invalidating ['/api/listings'] refreshes reviews and rating together.
export const listingReviewsQuery = (listingId: number) =>
  apiQuery(['/api/listings', String(listingId), 'reviews'], 'reviews');

export const useListingReviews = (listingId: number) => useQuery(listingReviewsQuery(listingId));

// The revealed reviews hosts wrote of a grower (ADR 018).
export const hostReviewsQuery = (userId: number) =>
  apiQuery(['/api/users', String(userId), 'reviews'], 'hostReviews');

export const useHostReviews = (userId: number, enabled = true) =>
  useQuery({ ...hostReviewsQuery(userId), enabled });

export function useSubmitReview() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateReviewInput) =>
      readJson(await apiRequest('POST', '/api/reviews', input), 'review'),
    onSuccess: () => {
      toast({ title: t`Review submitted`, description: t`Thank you for your feedback!` });
      void qc.invalidateQueries({ queryKey: ['/api/listings'] });
    },
    onError: (err) =>
      toast({
        title: t`Failed to submit review`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      }),
  });
}
