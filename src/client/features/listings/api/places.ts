import { queryOptions } from '@tanstack/react-query';
import { readJson, throwIfResNotOk } from '#client/lib/api.ts';
import type { PlaceSuggestion } from '#shared/places.ts';

// Its own module: the home page's first visit does not download it (ADR 028).
// Places for what is typed in a location box; and the places with spaces nearest it.
const placesFetch = (path: string, q: string) => async (): Promise<PlaceSuggestion[]> => {
  const res = await fetch(`${path}?q=${encodeURIComponent(q)}`, { credentials: 'include' });
  await throwIfResNotOk(res);
  return readJson(res, 'places');
};
export const placesQuery = (q: string) =>
  queryOptions({ queryKey: ['/api/places', q], queryFn: placesFetch('/api/places', q), staleTime: 60_000 });
export const nearbyPlacesQuery = (q: string) =>
  queryOptions({ queryKey: ['/api/places/nearby', q], queryFn: placesFetch('/api/places/nearby', q) });
