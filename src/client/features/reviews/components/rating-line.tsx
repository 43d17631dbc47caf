import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { intlLocale } from '#client/lib/format.ts';
import type { ListingDetail } from '#shared/listings.ts';

// The listing's rating: the spec's average and count of all reviews ("4.8 (12 reviews)"), and beside
// it how many of them came from stays ("9 from stays", ADR 050), as the server counted them.
export function RatingLine({ rating }: { rating: ListingDetail['rating'] }) {
  const { i18n } = useLingui();
  const reviewCount = rating.count;
  const stays = rating.fromStays.count;
  const average =
    rating.average === null
      ? ''
      : new Intl.NumberFormat(intlLocale(i18n.locale), {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(rating.average);
  return (
    <span className="flex flex-wrap items-center gap-x-1" data-testid="listing-rating">
      <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
      {reviewCount ? (
        <>
          <span>
            <Trans>
              {average} (<Plural value={reviewCount} one="# review" other="# reviews" />)
            </Trans>
          </span>
          <span aria-hidden="true">·</span>
          <span data-testid="listing-rating-stays">
            <Plural value={stays} _0="none from stays" one="# from a stay" other="# from stays" />
          </span>
        </>
      ) : (
        <span>
          <Trans>No reviews yet</Trans>
        </span>
      )}
    </span>
  );
}
