import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { FEATURED_LISTINGS, type ListingType } from '#shared/constants.ts';
import type { Listing } from '#shared/listings.ts';
import { featuredListingsQuery } from '../api/listings.ts';
import { ListingCard } from './listing-card.tsx';

const FILTERS: { value?: ListingType; label: MessageDescriptor }[] = [
  { label: msg`All` },
  { value: 'rental', label: msg`Rentals` },
  { value: 'exchange', label: msg`Exchange` },
  { value: 'community', label: msg`Community` },
];

// The home page's featured spaces, with a type filter; cardAction: a control on each card.
export function FeaturedListings({
  cardAction,
}: {
  cardAction?: (listing: Pick<Listing, 'id' | 'title' | 'titles'>) => ReactNode;
} = {}) {
  const { i18n } = useLingui();
  const [type, setType] = useState<ListingType | undefined>();
  const { data, isLoading, isError } = useQuery(featuredListingsQuery(type));
  const listings = data?.slice(0, FEATURED_LISTINGS) ?? [];
  return (
    <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="featured-heading">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="featured-heading" className="text-3xl font-bold">
            <Trans>Featured spaces</Trans>
          </h2>
          <p className="mt-2 text-muted-foreground">
            <Trans>New places to grow, shared by hosts across the country.</Trans>
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">
            <Trans>Filter featured spaces</Trans>
          </legend>
          {FILTERS.map((f) => (
            <Button
              key={String(f.value)}
              size="sm"
              variant={type === f.value ? 'default' : 'outline'}
              aria-pressed={type === f.value}
              onClick={() => setType(f.value)}
            >
              {i18n._(f.label)}
            </Button>
          ))}
        </fieldset>
      </div>
      <div className="mt-8">
        {isLoading ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : isError ? (
          <div className="rounded-xl border border-border bg-card py-12 text-center">
            <h3 className="text-xl font-semibold">
              <Trans>Error loading listings</Trans>
            </h3>
            <p className="mt-2 text-muted-foreground">
              <Trans>We couldn't load the featured listings right now. Please try again later.</Trans>
            </p>
          </div>
        ) : listings.length === 0 ? (
          <div className="rounded-xl border border-border bg-card py-12 text-center">
            <h3 className="text-xl font-semibold">
              <Trans>No listings available</Trans>
            </h3>
            <p className="mt-2 text-muted-foreground">
              <Trans>There are no listings available at the moment.</Trans>
            </p>
            <Button asChild className="mt-6">
              <Link to="/create-listing">
                <Trans>Be the first to list your space</Trans>
              </Link>
            </Button>
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {/* Below the hero on every screen: lazy, so the hero's first paint has the bandwidth (ADR 042). */}
            {listings.map((l) => (
              <li key={l.id}>
                <ListingCard listing={l} action={cardAction?.(l)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-8 text-center">
        <Button asChild variant="outline">
          <Link to="/listings">
            <Trans>View all spaces</Trans>
          </Link>
        </Button>
      </div>
    </section>
  );
}
