import { Spinner } from '#client/components/ui/spinner.tsx';
import { useHostReviews } from '../api/reviews.ts';
import { ReviewItem } from './review-item.tsx';

// 'Reviews from hosts': what hosts wrote of this grower after completed bookings, once revealed.
export function HostReviews({ userId }: { userId: number }) {
  const reviews = useHostReviews(userId);
  const list = reviews.data ?? [];
  return (
    <section aria-labelledby="host-reviews-heading" className="space-y-3">
      <h2 id="host-reviews-heading" className="text-lg font-semibold">
        Reviews from hosts{list.length ? ` (${list.length})` : ''}
      </h2>
      {reviews.isLoading ? (
        <Spinner />
      ) : reviews.isError ? (
        <p className="text-sm text-destructive">Could not load reviews.</p>
      ) : list.length ? (
        <ul className="space-y-3">
          {list.map((r) => (
            <ReviewItem key={r.id} r={r} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          No reviews from hosts yet. Hosts can review you after a completed booking.
        </p>
      )}
    </section>
  );
}
