import { Spinner } from '#client/components/ui/spinner.tsx';
import { useHostReviews } from '../api/reviews.ts';
import { dateFmt, Stars } from './listing-reviews.tsx';

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
            <li key={r.id} className="rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <span className="font-semibold">{r.user.name || r.user.username}</span>
                <time dateTime={r.createdAt} className="text-xs text-muted-foreground">
                  {dateFmt.format(new Date(r.createdAt))}
                </time>
              </div>
              <Stars rating={r.rating} className="mt-1" />
              {r.comment ? (
                <p className="mt-2 whitespace-pre-wrap break-words text-sm text-foreground/90">{r.comment}</p>
              ) : null}
            </li>
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
