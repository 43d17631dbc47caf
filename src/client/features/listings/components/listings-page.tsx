import { useInfiniteQuery } from '@tanstack/react-query';
import { LayoutGrid, Leaf, Map as MapIcon, Search, SlidersHorizontal, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { IconInput } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { cn } from '#client/lib/utils.ts';
import type { ListingType } from '#shared/constants.ts';
import type { ListingSummary } from '#shared/listings.ts';
import { filtersFromParams, ListingsFetchError, listingsQuery } from '../api/listings.ts';
import { ListingCard } from './listing-card.tsx';
import { describeFilters, ListingFiltersPanel, PANEL_KEYS, type PanelFilters } from './listing-filters.tsx';

const ListingsMap = lazy(() => import('./listings-map.tsx'));

const FILTERS: { value: ListingType | 'all'; label: string }[] = [
  { value: 'all', label: 'All Spaces' },
  { value: 'rental', label: 'Paid Spaces' },
  { value: 'exchange', label: 'Work Exchange' },
  { value: 'community', label: 'Free Community' },
];
const HEAD_TYPES: Record<ListingType, string> = {
  rental: 'Garden plots for rent',
  exchange: 'Work exchange growing spaces',
  community: 'Free community gardens',
};

const availableFmt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

// Slots for the page that composes this one: a control on each card, one beside the filters.
export type ListingsPageSlots = {
  cardAction?: (listing: ListingSummary) => ReactNode;
  searchAction?: ReactNode;
};

export default function ListingsPage({ cardAction, searchAction }: ListingsPageSlots = {}) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const { type, location, q, available } = filters;
  const view = params.get('view') === 'map' ? 'map' : 'grid';
  const [draft, setDraft] = useState(location ?? '');
  const [keywords, setKeywords] = useState(q ?? '');
  const [panelOpen, setPanelOpen] = useState(false);
  const panel: PanelFilters = Object.fromEntries(PANEL_KEYS.map((k) => [k, filters[k]]));
  const chips = describeFilters(panel);

  const where = location ? ` in ${location}` : '';
  usePageHead({
    title: `${type ? HEAD_TYPES[type] : 'Growing spaces to rent, share and join'}${where}`,
    description: `Browse ${type ? HEAD_TYPES[type].toLowerCase() : 'yards, gardens and farms'}${where} on Yardshare: rent a plot, trade work for space, or join a free community garden.`,
    keywords: ['garden plot', 'yardsharing', 'community garden', 'work exchange', location ?? 'land sharing'],
  });

  // The same filters object as the server's pre-render (entry-server.tsx), so the same query key.
  const query = useInfiniteQuery(listingsQuery(filters));
  const listings = query.data?.pages.flatMap((p) => p.items) ?? [];

  const update = (next: Record<string, string | number | string[] | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      const text = Array.isArray(v) ? v.join(',') : v === undefined ? '' : String(v);
      if (text) p.set(k, text);
      else p.delete(k);
    }
    setParams(p);
  };
  const removeChip = (key: (typeof chips)[number]['key'], label: string) => {
    if (key === 'price') update({ minPrice: undefined, maxPrice: undefined });
    else if (key === 'near')
      update({
        near: undefined,
        radiusKm: undefined,
        ...(panel.sort === 'distance' ? { sort: undefined } : {}),
      });
    else if (key === 'amenities') update({ amenities: panel.amenities?.filter((a) => a !== label) });
    else update({ [key]: undefined });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Find a growing space</h1>
      <p className="mt-2 text-muted-foreground">
        Rent a plot, trade work for space, or join a free community garden.
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the widely supported landmark */}
      <form
        role="search"
        className="mt-6 flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          update({ location: draft.trim() || undefined, q: keywords.trim() || undefined });
        }}
      >
        <label htmlFor="listings-search" className="sr-only">
          Search by city or state
        </label>
        <div className="flex-1">
          <IconInput
            icon={Search}
            id="listings-search"
            placeholder="Search by city or state"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <label htmlFor="listings-keywords" className="sr-only">
          Search by keyword
        </label>
        <div className="flex-1">
          <IconInput
            icon={Leaf}
            id="listings-keywords"
            type="search"
            placeholder="Keywords: tomatoes, greenhouse..."
            value={keywords}
            onChange={(e) => setKeywords(e.target.value)}
          />
        </div>
        <Button type="submit">Search Spaces</Button>
      </form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Filter by type</legend>
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
                {f.label}
              </Button>
            );
          })}
        </fieldset>
        {available ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            Free on {availableFmt.format(new Date(`${available}T00:00:00Z`))}
            <Button size="sm" variant="ghost" onClick={() => update({ available: undefined })}>
              Any date
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
            <SlidersHorizontal aria-hidden="true" /> Filters
            {chips.length ? (
              <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                <span className="sr-only">(</span>
                {chips.length}
                <span className="sr-only"> active)</span>
              </span>
            ) : null}
          </Button>
          <fieldset className="flex gap-1">
            <legend className="sr-only">View</legend>
            <Button
              size="sm"
              variant={view === 'grid' ? 'secondary' : 'ghost'}
              aria-pressed={view === 'grid'}
              onClick={() => update({ view: undefined })}
            >
              <LayoutGrid aria-hidden="true" /> Grid
            </Button>
            <Button
              size="sm"
              variant={view === 'map' ? 'secondary' : 'ghost'}
              aria-pressed={view === 'map'}
              onClick={() => update({ view: 'map' })}
            >
              <MapIcon aria-hidden="true" /> Map
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
        <ul aria-label="Active filters" className="mt-4 flex flex-wrap gap-2">
          {chips.map((c) => (
            <li key={`${c.key}-${c.label}`}>
              <Button
                size="sm"
                variant="secondary"
                className="h-8 rounded-full"
                aria-label={`Remove filter: ${c.label}`}
                onClick={() => removeChip(c.key, c.label)}
              >
                {c.label} <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-6">
        {query.isLoading ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : query.isError ? (
          <div className="rounded-xl border border-border bg-card py-16 text-center">
            <h2 className="text-xl font-semibold">Error loading listings</h2>
            <p className="mt-2 text-muted-foreground">Please try again later</p>
            {query.error instanceof ListingsFetchError && query.error.detail ? (
              <p className="mt-2 text-sm text-muted-foreground">{query.error.detail}</p>
            ) : null}
          </div>
        ) : listings.length === 0 ? (
          <div className="rounded-xl border border-border bg-card py-16 text-center">
            <h2 className="text-xl font-semibold">No listings found</h2>
            <Link
              to="/listings"
              onClick={() => {
                setDraft('');
                setKeywords('');
              }}
              className="mt-3 inline-block text-primary underline underline-offset-4"
            >
              Clear all filters
            </Link>
          </div>
        ) : view === 'map' ? (
          <Suspense fallback={<div className="h-[60vh] animate-pulse rounded-xl bg-muted" />}>
            <ListingsMap listings={listings} />
          </Suspense>
        ) : (
          <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3')}>
            {listings.map((l, i) => (
              <li key={l.id}>
                <ListingCard listing={l} eager={i < 3} action={cardAction?.(l)} />
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
              {query.isFetchingNextPage ? 'Loading...' : 'Load more spaces'}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
