import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { StayMark } from '#client/components/reviews/stay-mark.tsx';
import { intlLocale } from '#client/lib/format.ts';
import { RATING_MAX } from '#shared/constants.ts';
import type { UserProfile } from '#shared/users.ts';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

const dateFmt = (locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

// Reviews growers wrote of the person's spaces, newest first.
export function ProfileReviews({ reviews }: { reviews: UserProfile['reviews'] }) {
  const { t, i18n } = useLingui();
  const dates = dateFmt(i18n.locale);
  const count = reviews.count;
  const stays = reviews.fromStays;
  const average =
    reviews.average == null
      ? ''
      : i18n.number(reviews.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="space-reviews-heading" className="space-y-3">
      <h2 id="space-reviews-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Trans>Reviews of their spaces</Trans>
        {reviews.count ? (
          <span className="flex items-center gap-1 text-base font-normal text-muted-foreground">
            <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
            {average} (<Plural value={count} one="# review" other="# reviews" />)
            <span aria-hidden="true">·</span>
            <span data-testid="profile-rating-stays">
              <Plural value={stays} _0="none from stays" one="# from a stay" other="# from stays" />
            </span>
          </span>
        ) : null}
      </h2>
      {reviews.items.length ? (
        <ul className="space-y-3">
          {reviews.items.map((r) => {
            const rating = r.rating;
            return (
              <li key={r.id} className="rounded-xl border border-border bg-card p-4">
                <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                  <span className="font-semibold">{r.user.name}</span>
                  <time dateTime={r.createdAt} className="text-xs text-muted-foreground">
                    {dates.format(new Date(r.createdAt))}
                  </time>
                </div>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span
                    role="img"
                    aria-label={t`Rated ${rating} out of ${RATING_MAX}`}
                    className="flex gap-0.5"
                  >
                    {STARS.map((i) => (
                      <Star
                        key={i}
                        aria-hidden="true"
                        className={
                          i <= r.rating
                            ? 'h-4 w-4 fill-amber-400 text-amber-500'
                            : 'h-4 w-4 text-muted-foreground/40'
                        }
                      />
                    ))}
                  </span>
                  <Link
                    to={`/listings/${r.listingId}`}
                    className="text-muted-foreground underline-offset-4 hover:underline"
                  >
                    {r.listingTitle}
                  </Link>
                  <StayMark fromStay={r.fromStay} />
                </p>
                {r.comment ? (
                  <p className="mt-2 whitespace-pre-wrap break-words text-sm text-foreground/90">
                    {r.comment}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No reviews of their spaces yet.</Trans>
        </p>
      )}
    </section>
  );
}
