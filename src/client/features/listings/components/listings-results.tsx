import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { ListingSummary } from '#shared/listings.ts';
import { cardPhotos } from '#shared/photos.ts';
import type { BrowseFilters } from '../api/browse-filters.ts';
import { type fetchListingsPage, ListingsFetchError } from '../api/listings.ts';
import { ListingCard } from './listing-card.tsx';
import { NoResults } from './no-results.tsx';

const ListingsMap = lazy(() => import('./map/listings-map.tsx'));

type Page = Awaited<ReturnType<typeof fetchListingsPage>>;
type Props = {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  filters: BrowseFilters;
  view: 'grid' | 'map';
  // The address of a search for another place (the empty state's nearby places).
  searchFor: (place: string) => string;
  onClear: () => void;
  cardAction?: (listing: ListingSummary) => ReactNode;
};

// The results of a search: how many and where, then the spinner, the error, the empty state, the
// cards page by page, or the map (which shows every result at once, so no "Load more"; ADR 051).
export function ListingsResults({ query, filters, view, searchFor, onClear, cardAction }: Props) {
  const { t } = useLingui();
  const listings = query.data?.pages.flatMap((p) => p.items) ?? [];
  const first = query.data?.pages[0];
  const readAs = first?.place ?? '';
  const nearAs = first?.nearPlace ?? '';
  const refused = query.error instanceof ListingsFetchError ? query.error : null;
  const near = filters.near ?? '';
  return (
    <>
      {first && listings.length ? (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="results-summary" aria-live="polite">
          {first.total !== null ? (
            <span data-count={first.total}>
              <Plural value={first.total} one="# space found" other="# spaces found" />
            </span>
          ) : null}
          {readAs ? (
            <>
              {first.total !== null ? <span aria-hidden="true"> · </span> : null}
              <span data-testid="results-place">
                <Trans>Showing spaces in {readAs}.</Trans>
              </span>
            </>
          ) : null}
          {nearAs ? (
            <>
              {first.total !== null || readAs ? <span aria-hidden="true"> · </span> : null}
              <span data-testid="results-near">
                <Trans>Showing spaces near {nearAs}.</Trans>
              </span>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="mt-6">
        {query.isLoading ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : refused?.code === 'UNKNOWN_PLACE' ? (
          // Not a failure: a place the search cannot read, said as such (ADR 051).
          <div role="alert" className="rounded-xl border border-border bg-card px-4 py-16 text-center">
            <h2 className="text-xl font-semibold">
              <Trans>We could not find the place "{near}". Try "City, State".</Trans>
            </h2>
          </div>
        ) : query.isError ? (
          <div className="rounded-xl border border-border bg-card py-16 text-center">
            <h2 className="text-xl font-semibold">
              <Trans>Error loading listings</Trans>
            </h2>
            <p className="mt-2 text-muted-foreground">
              <Trans>Please try again later</Trans>
            </p>
            {refused?.detail ? <p className="mt-2 text-sm text-muted-foreground">{refused.detail}</p> : null}
          </div>
        ) : listings.length === 0 ? (
          <NoResults location={filters.location} searchFor={searchFor} onClear={onClear} />
        ) : view === 'map' ? (
          <Suspense fallback={<div className="h-[60vh] animate-pulse rounded-xl bg-muted" />}>
            <ListingsMap filters={filters} />
          </Suspense>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((l, i) => (
              <li key={l.id}>
                <ListingCard
                  listing={l}
                  eager={i < 3}
                  action={cardAction?.(l)}
                  photos={cardPhotos(l.images[0])}
                />
              </li>
            ))}
          </ul>
        )}
        {view === 'grid' && query.hasNextPage ? (
          <div className="mt-8 flex justify-center">
            <Button
              variant="outline"
              onClick={() => query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? t`Loading...` : t`Load more spaces`}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
