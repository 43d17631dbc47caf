import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LayoutGrid, Map as MapIcon, SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useHref, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { utcDay } from '#client/lib/format.ts';
import { usePageHead } from '#client/lib/head.ts';
import type { ListingType } from '#shared/constants.ts';
import type { ListingSummary } from '#shared/listings.ts';
import { filtersFromParams } from '../api/browse-filters.ts';
import { listingsQuery } from '../api/listings-search.ts';
import { describeFilters, PANEL_KEYS, type PanelFilters } from './filter-chips.ts';
import { KeptParams } from './kept-params.tsx';
import { ListingFiltersPanel } from './listing-filters.tsx';
import { ListingsResults } from './listings-results.tsx';
import { ListingsSearchForm } from './listings-search-form.tsx';
import { TypeFilter } from './type-filter.tsx';

// The head's title and, lower-case, the description's words for each type.
const HEAD_TYPES: Record<ListingType, MessageDescriptor> = {
  rental: msg`Garden plots for rent`,
  exchange: msg`Work exchange growing spaces`,
  community: msg`Free community gardens`,
};
// ?filters=open: the panel opened by the Filters button before the script ran (ADR 058).
const FILTERS_PARAM = 'filters';

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
  const action = useHref('/listings');
  const filters = filtersFromParams(params);
  const { type, location, q, available } = filters;
  const view = params.get('view') === 'map' ? 'map' : 'grid';
  const [draft, setDraft] = useState(location ?? '');
  const [keywords, setKeywords] = useState(q ?? '');
  const [panelOpen, setPanelOpen] = useState(() => params.get(FILTERS_PARAM) === 'open');
  const panel: PanelFilters = Object.fromEntries(PANEL_KEYS.map((k) => [k, filters[k]]));
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
  // A misspelt "near" chip names the place the search used ("Seatle": Seattle, WA; ADR 051).
  const nearAs = query.data?.pages[0]?.nearPlace;
  const chips = describeFilters(nearAs ? { ...panel, near: nearAs } : panel, i18n);
  const chipCount = chips.length;

  // A plain form leaves its empty fields in the address (?location=): the script drops them, and
  // the panel's ?filters=open, whose state it now holds.
  useEffect(() => {
    const kept = [...params.entries()].filter(([k, v]) => v.trim() && k !== FILTERS_PARAM);
    if (kept.length < params.size) setParams(new URLSearchParams(kept), { replace: true });
  }, [params, setParams]);

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
        action={action}
        params={params}
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <TypeFilter type={type} onType={(next) => update({ type: next })} action={action} params={params} />
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
          {/* A GET form to this address with ?filters=open, which the server renders with the panel
              open, so the button works before the script; with it, it opens the panel in place. */}
          <form method="get" action={action} className="contents">
            <KeptParams params={params} owned={[FILTERS_PARAM]} />
            {panelOpen ? null : <input type="hidden" name={FILTERS_PARAM} value="open" />}
            <Button
              type="submit"
              size="sm"
              variant={panelOpen ? 'secondary' : 'outline'}
              aria-expanded={panelOpen}
              aria-controls="listing-filters"
              onClick={(e) => {
                e.preventDefault();
                setPanelOpen((o) => !o);
              }}
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
          </form>
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
          action={action}
          params={params}
        />
      ) : (
        // Without the script the panel is simply there (ADR 051).
        <noscript>
          <ListingFiltersPanel
            id="listing-filters-plain"
            value={panel}
            onApply={() => {}}
            action={action}
            params={params}
          />
        </noscript>
      )}
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

      <ListingsResults
        query={query}
        filters={filters}
        view={view}
        searchFor={(label) => {
          const p = new URLSearchParams(params);
          p.set('location', label);
          return `/listings?${p}`;
        }}
        onClear={() => {
          setDraft('');
          setKeywords('');
        }}
        cardAction={cardAction}
      />
    </div>
  );
}
