import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LayoutGrid, Map as MapIcon, SlidersHorizontal, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { utcDay } from '#client/lib/format.ts';
import { usePageHead } from '#client/lib/head.ts';
import { cn } from '#client/lib/utils.ts';
import type { ListingType } from '#shared/constants.ts';
import type { ListingSummary } from '#shared/listings.ts';
import { cardPhotos } from '#shared/photos.ts';
import { filtersFromParams } from '../api/browse-filters.ts';
import { ListingsFetchError } from '../api/listings.ts';
import { listingsQuery } from '../api/listings-search.ts';
import { ListingCard } from './listing-card.tsx';
import { describeFilters, ListingFiltersPanel, PANEL_KEYS, type PanelFilters } from './listing-filters.tsx';
import { ListingsSearchForm } from './listings-search-form.tsx';
import { NoResults } from './no-results.tsx';

const ListingsMap = lazy(() => import('./map/listings-map.tsx'));

const FILTERS: { value: ListingType | 'all'; label: MessageDescriptor }[] = [
  { value: 'all', label: msg`All Spaces` },
  { value: 'rental', label: msg`Paid Spaces` },
  { value: 'exchange', label: msg`Work Exchange` },
  { value: 'community', label: msg`Free Community` },
];
// The head's title and, lower-case, the description's words for each type.
const HEAD_TYPES: Record<ListingType, MessageDescriptor> = {
  rental: msg`Garden plots for rent`,
  exchange: msg`Work exchange growing spaces`,
  community: msg`Free community gardens`,
};
const HEAD_WHAT: Record<ListingType, MessageDescriptor> = {
  rental: msg`garden plots for rent`,
  exchange: msg`work exchange growing spaces`,
  community: msg`free community gardens`,
};

// Slots for the page that composes this one: a control on each card, one beside the filters.
export type ListingsPageSlots = {
  cardAction?: (listing: ListingSummary) => ReactNode;
  searchAction?: ReactNode;
};

export default function ListingsPage({ cardAction, searchAction }: ListingsPageSlots = {}) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const { type, location, q, available } = filters;
  const view = params.get('view') === 'map' ? 'map' : 'grid';
  const [draft, setDraft] = useState(location ?? '');
  const [keywords, setKeywords] = useState(q ?? '');
  const [panelOpen, setPanelOpen] = useState(false);
  const panel: PanelFilters = Object.fromEntries(PANEL_KEYS.map((k) => [k, filters[k]]));
  const chips = describeFilters(panel, i18n);
  const chipCount = chips.length;
  const freeDay = available ? utcDay(available, i18n.locale) : '';

  const what = type ? i18n._(HEAD_WHAT[type]) : t`yards, gardens and farms`;
  const heading = type ? i18n._(HEAD_TYPES[type]) : t`Growing spaces to rent, share and join`;
  usePageHead({
    title: location ? t`${heading} in ${location}` : heading,
    description: location
      ? t`Browse ${what} in ${location} on Yardshare: rent a plot, trade work for space, or join a free community garden.`
      : t`Browse ${what} on Yardshare: rent a plot, trade work for space, or join a free community garden.`,
    keywords: ['garden plot', 'yardsharing', 'community garden', 'work exchange', location ?? 'land sharing'],
  });

  // The same filters object as the server's pre-render (entry-server.tsx), so the same query key.
  const query = useInfiniteQuery(listingsQuery(filters));
  const listings = query.data?.pages.flatMap((p) => p.items) ?? [];
  const first = query.data?.pages[0];
  const readAs = first?.place ?? '';

  const update = (next: Record<string, string | number | string[] | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      const text = Array.isArray(v) ? v.join(',') : v === undefined ? '' : String(v);
      if (text) p.set(k, text);
      else p.delete(k);
    }
    setParams(p);
  };
  const removeChip = (key: (typeof chips)[number]['key'], value: string) => {
    if (key === 'price') update({ minPrice: undefined, maxPrice: undefined });
    else if (key === 'near')
      update({
        near: undefined,
        radiusKm: undefined,
        ...(panel.sort === 'distance' ? { sort: undefined } : {}),
      });
    else if (key === 'amenities') update({ amenities: panel.amenities?.filter((a) => a !== value) });
    else update({ [key]: undefined });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">
        <Trans>Find a growing space</Trans>
      </h1>
      <p className="mt-2 text-muted-foreground">
        <Trans>Rent a plot, trade work for space, or join a free community garden.</Trans>
      </p>
      <ListingsSearchForm
        place={draft}
        keywords={keywords}
        onPlace={setDraft}
        onKeywords={setKeywords}
        onSearch={(place, words) =>
          update({ location: place.trim() || undefined, q: words.trim() || undefined })
        }
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">
            <Trans>Filter by type</Trans>
          </legend>
          {FILTERS.map((f) => {
            const active = (type ?? 'all') === f.value;
            return (
              <Button
                key={f.value}
                size="sm"
                variant={active ? 'default' : 'outline'}
                aria-pressed={active}
                onClick={() => update({ type: f.value === 'all' ? undefined : f.value })}
              >
                {i18n._(f.label)}
              </Button>
            );
          })}
        </fieldset>
        {available ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Trans>Free on {freeDay}</Trans>
            <Button size="sm" variant="ghost" onClick={() => update({ available: undefined })}>
              <Trans>Any date</Trans>
            </Button>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {searchAction}
          <Button
            size="sm"
            variant={panelOpen ? 'secondary' : 'outline'}
            aria-expanded={panelOpen}
            aria-controls="listing-filters"
            onClick={() => setPanelOpen((o) => !o)}
          >
            <SlidersHorizontal aria-hidden="true" /> <Trans>Filters</Trans>
            {chips.length ? (
              <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                <Trans>
                  <span className="sr-only">(</span>
                  {chipCount}
                  <span className="sr-only"> active)</span>
                </Trans>
              </span>
            ) : null}
          </Button>
          <fieldset className="flex gap-1">
            <legend className="sr-only">
              <Trans>View</Trans>
            </legend>
            <Button
              size="sm"
              variant={view === 'grid' ? 'secondary' : 'ghost'}
              aria-pressed={view === 'grid'}
              onClick={() => update({ view: undefined })}
            >
              <LayoutGrid aria-hidden="true" /> <Trans>Grid</Trans>
            </Button>
            <Button
              size="sm"
              variant={view === 'map' ? 'secondary' : 'ghost'}
              aria-pressed={view === 'map'}
              onClick={() => update({ view: 'map' })}
            >
              <MapIcon aria-hidden="true" /> <Trans>Map</Trans>
            </Button>
          </fieldset>
        </div>
      </div>

      {panelOpen ? (
        <ListingFiltersPanel
          key={params.toString()}
          id="listing-filters"
          value={panel}
          onApply={(next) => {
            update(next);
            setPanelOpen(false);
          }}
        />
      ) : null}
      {chips.length ? (
        <ul aria-label={t`Active filters`} className="mt-4 flex flex-wrap gap-2">
          {chips.map(({ key, label, value }) => (
            <li key={`${key}-${value}`}>
              <Button
                size="sm"
                variant="secondary"
                className="h-8 rounded-full"
                aria-label={t`Remove filter: ${label}`}
                onClick={() => removeChip(key, value)}
              >
                {label} <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {first && listings.length ? (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="results-summary" aria-live="polite">
          {first.total !== null ? (
            <span data-count={first.total}>
              <Plural value={first.total} one="# space found" other="# spaces found" />
            </span>
          ) : null}
          {first.place ? (
            <span data-testid="results-place">
              {' '}
              <Trans>Showing spaces in {readAs}.</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      <div className="mt-6">
        {query.isLoading ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : query.isError ? (
          <div className="rounded-xl border border-border bg-card py-16 text-center">
            <h2 className="text-xl font-semibold">
              <Trans>Error loading listings</Trans>
            </h2>
            <p className="mt-2 text-muted-foreground">
              <Trans>Please try again later</Trans>
            </p>
            {query.error instanceof ListingsFetchError && query.error.detail ? (
              <p className="mt-2 text-sm text-muted-foreground">{query.error.detail}</p>
            ) : null}
          </div>
        ) : listings.length === 0 ? (
          <NoResults
            location={location}
            searchFor={(label) => {
              const p = new URLSearchParams(params);
              p.set('location', label);
              return `/listings?${p}`;
            }}
            onClear={() => {
              setDraft('');
              setKeywords('');
            }}
          />
        ) : view === 'map' ? (
          <Suspense fallback={<div className="h-[60vh] animate-pulse rounded-xl bg-muted" />}>
            <ListingsMap filters={filters} />
          </Suspense>
        ) : (
          <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3')}>
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
        {query.hasNextPage ? (
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
    </div>
  );
}
