import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '#shared/reviews.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast-store.ts';

// Under the listing's key, so invalidating ['/api/listings'] refreshes reviews and rating together.
export const listingReviewsQuery = (listingId: number) =>
  queryOptions<Review[]>({ queryKey: ['/api/listings', String(listingId), 'reviews'] });

export const useListingReviews = (listingId: number) => useQuery(listingReviewsQuery(listingId));

export function useSubmitReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateReviewInput) =>
      (await apiRequest('POST', '/api/reviews', input)).json() as Promise<Review>,
    onSuccess: () => {
      toast({ title: 'Review submitted', description: 'Thank you for your feedback!' });
      void qc.invalidateQueries({ queryKey: ['/api/listings'] });
    },
    onError: (err) =>
      toast({
        title: 'Failed to submit review',
        description: errorMessage(err, 'Please try again'),
        variant: 'destructive',
      }),
  });
}
