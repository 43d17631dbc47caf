import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';
import { RATING_MAX } from '#shared/constants.ts';

const STAR_POSITIONS = Array.from({ length: RATING_MAX }, (_, i) => i);
// Fixed locale and zone: the server pre-renders this text, and the browser must render the same.
export const dateFmt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${RATING_MAX}`}
      className={cn('inline-flex gap-0.5', className)}
    >
      {STAR_POSITIONS.map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn('h-4 w-4', i < rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}

// One review in a list: who, when, the stars (with anything beside them) and the comment.
export function ReviewItem({
  r,
  besideStars,
}: {
  r: { user: { name: string; username: string }; createdAt: string; rating: number; comment: string | null };
  besideStars?: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="font-semibold">{r.user.name || r.user.username}</span>
        <time dateTime={r.createdAt} className="text-xs text-muted-foreground">
          {dateFmt.format(new Date(r.createdAt))}
        </time>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <Stars rating={r.rating} />
        {besideStars}
      </div>
      {r.comment ? (
        <p className="mt-2 whitespace-pre-wrap break-words text-sm text-foreground/90">{r.comment}</p>
      ) : null}
    </li>
  );
}
