import { useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { intlLocale } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import { RATING_MAX } from '#shared/constants.ts';

const STAR_POSITIONS = Array.from({ length: RATING_MAX }, (_, i) => i);
// "November 22, 2026" in the page's language. Fixed zone: the server pre-renders this text, and the
// browser must render the same.
export function reviewDate(iso: string, locale: string): string {
  return new Date(iso).toLocaleDateString(intlLocale(locale), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useLingui();
  const max = RATING_MAX;
  return (
    <span
      role="img"
      aria-label={t`Rated ${rating} out of ${max}`}
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
  const { i18n } = useLingui();
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="font-semibold">{r.user.name || r.user.username}</span>
        <time dateTime={r.createdAt} className="text-xs text-muted-foreground">
          {reviewDate(r.createdAt, i18n.locale)}
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
