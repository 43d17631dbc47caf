import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiQuery, type Fetcher, readJson, throwIfResNotOk } from '#client/lib/api.ts';
import type { ListingSort } from '#shared/listing-search.ts';
import type { ListingSummary } from '#shared/listings.ts';

export type ListingFilters = {
  type?: string;
  location?: string;
  q?: string;
  near?: string;
  radiusKm?: number;
  available?: string;
  minPrice?: number;
  maxPrice?: number;
  minSize?: number;
  amenities?: string[];
  sort?: ListingSort;
  limit?: number;
};

// The address of a search: the browse page's URL parameters, and the API's.
export function filtersToParams(f: ListingFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.type) p.set('type', f.type);
  if (f.location?.trim()) p.set('location', f.location.trim());
  if (f.q?.trim()) p.set('q', f.q.trim());
  if (f.near?.trim()) p.set('near', f.near.trim());
  if (f.radiusKm) p.set('radiusKm', String(f.radiusKm));
  if (f.available) p.set('available', f.available);
  if (f.minPrice !== undefined) p.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== undefined) p.set('maxPrice', String(f.maxPrice));
  if (f.minSize !== undefined) p.set('minSize', String(f.minSize));
  if (f.amenities?.length) p.set('amenities', f.amenities.join(','));
  if (f.sort) p.set('sort', f.sort);
  if (f.limit) p.set('limit', String(f.limit));
  return p;
}

export function toSearch(f: ListingFilters, cursor?: string | null): string {
  const p = filtersToParams(f);
  if (cursor) p.set('cursor', cursor);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export class ListingsFetchError extends Error {
  readonly detail: string | null;
  // The server's code for a refused search ('UNKNOWN_PLACE': a "near" place nothing is close to).
  readonly code: string | null;
  constructor(detail: string | null, code: string | null = null) {
    super('Failed to fetch listings');
    this.detail = detail;
    this.code = code;
  }
}

export async function fetchListingsPage(
  f: ListingFilters,
  cursor?: string | null,
  fetcher: Fetcher = fetch,
): Promise<{
  items: ListingSummary[];
  nextCursor: string | null;
  total: number | null;
  place: string | null;
  nearPlace: string | null;
}> {
  const res = await fetcher(`/api/listings${toSearch(f, cursor)}`, { credentials: 'include' });
  try {
    await throwIfResNotOk(res);
  } catch (err) {
    // The spec's message; a search the server refused (400) also says why ("We could not find...").
    const refused = err instanceof ApiError && err.status === 400 ? err : null;
    throw new ListingsFetchError(refused?.serverMessage ?? null, refused?.code ?? null);
  }
  const total = res.headers.get('X-Total-Count');
  const place = res.headers.get('X-Place');
  const nearPlace = res.headers.get('X-Near-Place');
  return {
    items: await readJson(res, 'listingSummaries'),
    nextCursor: res.headers.get('X-Next-Cursor'),
    // The first page: how many in all, and the place a misspelt location was read as.
    total: total === null ? null : Number(total),
    place: place === null ? null : decodeURIComponent(place),
    // And the place a misspelt "near" was read as (ADR 051).
    nearPlace: nearPlace === null ? null : decodeURIComponent(nearPlace),
  };
}

export const featuredListingsQuery = (type?: string, fetcher?: Fetcher) =>
  queryOptions({
    queryKey: ['/api/listings', 'featured', type ?? 'all'],
    queryFn: async () => (await fetchListingsPage({ type, limit: 6 }, null, fetcher)).items,
  });

export const listingQuery = (id: string | number) => apiQuery(['/api/listings', String(id)], 'listingDetail');
export const myListingsQuery = apiQuery(['/api/users/me/listings'], 'ownListings');
