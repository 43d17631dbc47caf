import { Trans } from '@lingui/react/macro';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useHostReviews } from '../api/reviews.ts';
import { ReviewItem } from './review-item.tsx';

// 'Reviews from hosts': what hosts wrote of this grower after completed bookings, once revealed.
export function HostReviews({ userId }: { userId: number }) {
  const reviews = useHostReviews(userId);
  const list = reviews.data ?? [];
  const count = list.length;
  return (
    <section aria-labelledby="host-reviews-heading" className="space-y-3">
      <h2 id="host-reviews-heading" className="text-lg font-semibold">
        {count ? <Trans>Reviews from hosts ({count})</Trans> : <Trans>Reviews from hosts</Trans>}
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
            <ReviewItem key={r.id} r={r} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No reviews from hosts yet. Hosts can review you after a completed booking.</Trans>
        </p>
      )}
    </section>
  );
}
