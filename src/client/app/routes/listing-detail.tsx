import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, MapPin, Ruler } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { amenityLabel } from '#client/features/listings/amenity-labels.ts';
import { listingQuery } from '#client/features/listings/api/listings.ts';
import { ListingArea } from '#client/features/listings/components/listing-area.tsx';
import { TYPE_BADGE } from '#client/features/listings/components/listing-card.tsx';
import { ListingGallery } from '#client/features/listings/components/listing-gallery.tsx';
import { typeLabel } from '#client/features/listings/listing-labels.ts';
import { ListingReviews } from '#client/features/reviews/components/listing-reviews.tsx';
import { RatingLine } from '#client/features/reviews/components/rating-line.tsx';
import { SaveButton } from '#client/features/saved/components/save-button.tsx';
import { policyText } from '#client/lib/cancellation-text.ts';
import { usePageHead } from '#client/lib/head.ts';
import { useOrigin } from '#client/lib/origin.ts';
import { localDescription, localTitle } from '#shared/listing-title.ts';
import { listingHead } from '#shared/seo/listings.ts';
import { ListingSideCard } from './listing-side-card.tsx';

// /listings/:id: the listing with its reviews, booking and contact actions (four features).
export default function ListingDetailPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const { data: listing, isLoading, error } = useQuery({ ...listingQuery(id), enabled: valid });
  const { t, i18n } = useLingui();
  const origin = useOrigin();
  const fallbackTitle = t`Growing space`;
  // A title Yardshare generated, in the page's language (ADR 038); a host's as written.
  const title = listing ? localTitle(listing, i18n.locale) : '';
  const description = listing ? localDescription(listing, i18n.locale) : '';
  // The server's head for the listing, in the page's language (ADR 031).
  usePageHead(
    (texts) =>
      listing
        ? listingHead(origin, { ...listing, title, description }, texts)
        : { title: fallbackTitle, path: `/listings/${id}` },
    `${id}:${listing ? JSON.stringify([title, description, listing.price, listing.workHours, listing.images[0]]) : ''}`,
  );

  if (valid && isLoading) return <CenteredSpinner />;
  if (!valid || error || !listing) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Error Loading Listing</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>This listing does not exist or is no longer available.</Trans>
        </p>
        <Button asChild className="mt-8">
          <Link to="/listings">
            <Trans>Browse All Listings</Trans>
          </Link>
        </Button>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <article className="min-w-0 space-y-6 lg:col-span-2">
          <ListingGallery images={listing.images} title={title} />
          <div className="space-y-3">
            <Badge className={TYPE_BADGE[listing.type]}>{typeLabel(i18n, listing.type)}</Badge>
            <div className="flex items-start justify-between gap-3">
              <h1 className="text-3xl font-bold leading-tight">{title}</h1>
              <SaveButton listingId={listing.id} title={title} className="shrink-0" />
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <RatingLine rating={listing.rating} />
              <span className="flex items-center gap-1">
                <MapPin aria-hidden="true" className="h-4 w-4" />
                <span data-testid="listing-address">
                  {listing.exactLocation && listing.location
                    ? `${listing.location}, ${listing.city}, ${listing.state}`
                    : `${listing.city}, ${listing.state}`}
                </span>
              </span>
              {listing.size ? (
                <span className="flex items-center gap-1">
                  <Ruler aria-hidden="true" className="h-4 w-4" />
                  {listing.size}
                </span>
              ) : null}
            </div>
          </div>
          <section>
            <h2 className="mb-2 text-xl font-semibold">
              <Trans>About this space</Trans>
            </h2>
            <p className="whitespace-pre-line leading-relaxed">{description}</p>
          </section>
          {listing.amenities.length ? (
            <section>
              <h2 className="mb-2 text-xl font-semibold">
                <Trans>Amenities</Trans>
              </h2>
              <ul className="grid gap-2 sm:grid-cols-2">
                {listing.amenities.map((a) => (
                  <li key={a} className="flex items-center gap-2">
                    <Check aria-hidden="true" className="h-4 w-4 text-primary" />
                    {/* Our vocabulary in the page's language; a host's own words as written. */}
                    {amenityLabel(i18n, a)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {listing.lat !== null && listing.lng !== null ? (
            <ListingArea
              lat={listing.lat}
              lng={listing.lng}
              exact={listing.exactLocation}
              type={listing.type}
            />
          ) : null}
          {listing.type === 'rental' ? (
            <section data-testid="listing-cancellation">
              <h2 className="mb-2 text-xl font-semibold">
                <Trans>Cancellation policy</Trans>
              </h2>
              <p className="leading-relaxed">{policyText(listing.cancellationPolicy, i18n)}</p>
            </section>
          ) : null}
        </article>
        {/* On a phone the booking card comes right after the description, before the reviews; on a
            wide screen it is the right-hand column beside both. */}
        <aside className="lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <ListingSideCard listing={listing} />
        </aside>
        <section aria-label={t`Reviews`} className="lg:col-span-2">
          <ListingReviews listingId={listing.id} ownerId={listing.userId} />
        </section>
      </div>
    </div>
  );
}
