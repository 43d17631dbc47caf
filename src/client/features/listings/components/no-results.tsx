import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { placeLabel } from '#shared/place-label.ts';
import type { PlaceSuggestion } from '#shared/places.ts';
import { nearbyPlacesQuery, placesQuery } from '../api/places.ts';

// Links that search another place, keeping the other filters.
function PlaceLinks({ places, to }: { places: PlaceSuggestion[]; to: (label: string) => string }) {
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-2">
      {places.map((p) => (
        <li key={`${p.city}|${p.state}`}>
          <Link
            to={to(placeLabel(p))}
            className="inline-block rounded-full border border-border px-3 py-1 text-sm hover:bg-muted"
          >
            {placeLabel(p)}
            {p.listings ? <span className="ml-1 text-muted-foreground">({p.listings})</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

// "No listings found", and with a place typed: the places it may have meant, and the nearest places
// with spaces, instead of a dead end (ADR 038).
export function NoResults({
  location,
  searchFor,
  onClear,
}: {
  location?: string;
  searchFor: (label: string) => string;
  onClear: () => void;
}) {
  const asked = location?.trim() ?? '';
  const matches = useQuery({ ...placesQuery(asked), enabled: asked.length >= 2 });
  const nearby = useQuery({ ...nearbyPlacesQuery(asked), enabled: asked.length >= 2 });
  const others = (matches.data ?? []).filter(
    (p) => p.listings > 0 && placeLabel(p).toLowerCase() !== asked.toLowerCase(),
  );
  return (
    <div className="rounded-xl border border-border bg-card px-4 py-16 text-center">
      <h2 className="text-xl font-semibold">
        <Trans>No listings found</Trans>
      </h2>
      <Link
        to="/listings"
        onClick={onClear}
        className="mt-3 inline-block text-primary underline underline-offset-4"
      >
        <Trans>Clear all filters</Trans>
      </Link>
      {others.length ? (
        <section className="mt-8" data-testid="place-matches">
          <h3 className="font-medium">
            <Trans>Did you mean</Trans>
          </h3>
          <PlaceLinks places={others} to={searchFor} />
        </section>
      ) : null}
      {nearby.data?.length ? (
        <section className="mt-6" data-testid="places-nearby">
          <h3 className="font-medium">
            <Trans>Places nearby with spaces</Trans>
          </h3>
          <PlaceLinks places={nearby.data} to={searchFor} />
        </section>
      ) : null}
    </div>
  );
}
