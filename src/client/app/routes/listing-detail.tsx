import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, MapPin, Ruler, Star } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReportButton } from '#client/components/safety/safety-actions.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { BookingCard } from '#client/features/bookings/components/booking-card.tsx';
import { amenityLabel } from '#client/features/listings/amenity-labels.ts';
import { listingQuery } from '#client/features/listings/api/listings.ts';
import { TYPE_BADGE } from '#client/features/listings/components/listing-card.tsx';
import { ListingGallery } from '#client/features/listings/components/listing-gallery.tsx';
import { typeLabel } from '#client/features/listings/listing-labels.ts';
import { ContactHostButton } from '#client/features/messages/components/contact-host-button.tsx';
import { ListingReviews } from '#client/features/reviews/components/listing-reviews.tsx';
import { SaveButton } from '#client/features/saved/components/save-button.tsx';
import { policyText } from '#client/lib/cancellation-text.ts';
import { formatMoney, formatMonthYear, formatNumber, intlLocale } from '#client/lib/format.ts';
import { usePageHead } from '#client/lib/head.ts';
import { useOrigin } from '#client/lib/origin.ts';
import { useUser } from '#client/lib/session.ts';
import { localDescription, localTitle } from '#shared/listing-title.ts';
import { listingHead } from '#shared/seo/listings.ts';

// Leaflet only in the browser, and only on a listing's page.
const ListingAreaMap = lazy(() => import('#client/features/listings/components/map/listing-area-map.tsx'));

// The side card's price, big then small: "$50" "per month", "6 hrs" "per week", "Free community" "garden".
function sidePrice(i18n: I18n, type: string, price: number | null, workHours: number | null) {
  if (type === 'rental') {
    if (price === null) return null;
    return { big: formatMoney(price * 100, i18n.locale, { whole: true }), small: i18n._(msg`per month`) };
  }
  if (type === 'exchange') {
    if (workHours === null) return null;
    const hours = formatNumber(workHours, i18n.locale);
    return { big: i18n._(msg`${hours} hrs`), small: i18n._(msg`per week`) };
  }
  return { big: i18n._(msg`Free community`), small: i18n._(msg`garden`) };
}

// /listings/:id: the listing with its reviews, booking and contact actions (four features).
export default function ListingDetailPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const { data: listing, isLoading, error } = useQuery({ ...listingQuery(id), enabled: valid });
  const { user } = useUser();
  const { t, i18n } = useLingui();
  const origin = useOrigin();
  // The map is drawn once its box comes near the screen (never with the first paint, ADR 042): the
  // pre-rendered page carries no map, and Leaflet's work waits until someone scrolls to it.
  const mapBox = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  const hasMap = listing?.lat != null && listing?.lng != null;
  useEffect(() => {
    if (!hasMap) return;
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setMounted(true);
        watch.disconnect();
      },
      { rootMargin: '200px' },
    );
    if (mapBox.current) watch.observe(mapBox.current);
    return () => watch.disconnect();
  }, [hasMap]);
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

  const side = sidePrice(i18n, listing.type, listing.price, listing.workHours);
  const reviewCount = listing.rating.count;
  const average =
    listing.rating.average === null
      ? ''
      : new Intl.NumberFormat(intlLocale(i18n.locale), {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(listing.rating.average);
  const memberSince = formatMonthYear(listing.host.memberSince, i18n.locale);
  const hostId = listing.userId;
  const hostPath = `/users/${hostId}`;
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
              <span className="flex items-center gap-1">
                <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
                {reviewCount ? (
                  <span>
                    <Trans>
                      {average} (<Plural value={reviewCount} one="# review" other="# reviews" />)
                    </Trans>
                  </span>
                ) : (
                  <span>
                    <Trans>No reviews yet</Trans>
                  </span>
                )}
              </span>
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
            <section>
              <h2 className="mb-2 text-xl font-semibold">
                <Trans>Where you will grow</Trans>
              </h2>
              {/* The map fills the box the server rendered: hydration keeps it, the map is added. */}
              <div ref={mapBox} className="min-h-64 rounded-xl bg-muted">
                {mounted ? (
                  <Suspense fallback={null}>
                    <ListingAreaMap
                      lat={listing.lat}
                      lng={listing.lng}
                      exact={listing.exactLocation}
                      type={listing.type}
                    />
                  </Suspense>
                ) : null}
              </div>
              <p className="mt-2 text-sm text-muted-foreground" data-testid="listing-area-note">
                {listing.exactLocation ? (
                  <Trans>
                    The exact location: only the host, Yardshare and growers with a confirmed booking see it.
                  </Trans>
                ) : (
                  <Trans>
                    The approximate area, within about a kilometre. The street address is shared once the host
                    accepts your booking.
                  </Trans>
                )}
              </p>
            </section>
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
          {/* Sticky only in a window tall enough for the whole booking form. */}
          <Card className="top-20 [@media(min-height:60rem)]:sticky">
            <CardContent className="space-y-4 pt-6">
              {side ? (
                <p>
                  <span className="text-2xl font-bold text-primary">{side.big}</span>{' '}
                  <span className="text-muted-foreground">{side.small}</span>
                </p>
              ) : null}
              <BookingCard listing={listing} />
              <ContactHostButton hostId={listing.userId} />
              <div className="border-t border-border pt-4 text-sm">
                <p className="font-semibold">
                  <Link to={hostPath} className="underline-offset-4 hover:underline">
                    <Trans>Host #{hostId}</Trans>
                  </Link>
                </p>
                <p className="text-muted-foreground">
                  <Trans>Member since {memberSince}</Trans>
                </p>
              </div>
              {/* Signed-in visitors who are not the host (signed out: nothing, as pre-rendered). */}
              {user && user.id !== listing.userId ? (
                <div className="-mb-2 flex justify-end border-t border-border pt-2">
                  <ReportButton
                    target={{ subjectType: 'listing', subjectId: listing.id, title: t`Report this listing` }}
                    label={t`Report this listing`}
                    className="-mr-2"
                  />
                </div>
              ) : null}
            </CardContent>
          </Card>
        </aside>
        <section aria-label={t`Reviews`} className="lg:col-span-2">
          <ListingReviews listingId={listing.id} ownerId={listing.userId} />
        </section>
      </div>
    </div>
  );
}
