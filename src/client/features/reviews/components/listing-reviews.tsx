import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useHref } from 'react-router';
import { StayMark } from '#client/components/reviews/stay-mark.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label, Textarea } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useUser } from '#client/lib/session.ts';
import { REVIEW_COMMENT_MAX } from '#shared/constants.ts';
import type { Review } from '#shared/reviews.ts';
import { useListingReviews, useSubmitReview } from '../api/reviews.ts';
import { RatingInput } from './rating-input.tsx';
import { ReviewItem, reviewDate } from './review-item.tsx';

// The review list of a listing, and the 'Leave a Review' form for signed-in non-owners.
export function ListingReviews({ listingId, ownerId }: { listingId: number; ownerId: number }) {
  const { user } = useUser();
  const reviews = useListingReviews(listingId);
  const list = reviews.data ?? [];
  const count = list.length;
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        {count ? <Trans>Reviews ({count})</Trans> : <Trans>Reviews</Trans>}
      </h2>
      {reviews.isLoading ? (
        <Spinner />
      ) : reviews.isError ? (
        <p className="text-sm text-destructive">
          <Trans>Could not load reviews.</Trans>
        </p>
      ) : list.length ? (
        <ul className="space-y-3">
          {list.map((r) => (
            <ReviewItem key={r.id} r={r} besideStars={<StayMark fromStay={r.fromStay} />} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No reviews yet.</Trans>
        </p>
      )}
      {/* Opened once the list is in, so the form can start from the user's earlier review. */}
      {user && user.id !== ownerId && !reviews.isLoading ? (
        <ReviewForm listingId={listingId} mine={list.find((r) => r.userId === user.id)} />
      ) : null}
    </section>
  );
}

// Starts from the user's earlier review, if any (a new one replaces it, ADR 006); resets to the
// defaults after a successful send.
function ReviewForm({ listingId, mine }: { listingId: number; mine: Review | undefined }) {
  const { t, i18n } = useLingui();
  const submit = useSubmitReview();
  const reviewed = mine ? reviewDate(mine.createdAt, i18n.locale) : '';
  const [rating, setRating] = useState(mine?.rating ?? 5);
  const [comment, setComment] = useState(mine?.comment ?? '');
  // Posts to the listing's own address before the script (ADR 058).
  const action = useHref(`/listings/${listingId}`);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <Trans>Leave a Review</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {mine ? (
          <p className="mb-4 text-sm text-muted-foreground">
            <Trans>You reviewed this listing on {reviewed}. Sending again updates your review.</Trans>
          </p>
        ) : null}
        <form
          className="space-y-4"
          method="post"
          action={action}
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate(
              { listingId, rating, comment: comment.trim() || null },
              {
                onSuccess: () => {
                  setRating(5);
                  setComment('');
                },
              },
            );
          }}
        >
          <input type="hidden" name="form" value="review" />
          <RatingInput value={rating} onChange={setRating} />
          <div className="space-y-1.5">
            <Label htmlFor={`review-comment-${listingId}`}>
              <Trans>Comment (optional)</Trans>
            </Label>
            <Textarea
              id={`review-comment-${listingId}`}
              name="comment"
              maxLength={REVIEW_COMMENT_MAX}
              placeholder={t`Share your experience with this space`}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? t`Submitting...` : t`Submit Review`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
