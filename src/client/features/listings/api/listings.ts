import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, apiQuery, type Fetcher, readJson, throwIfResNotOk } from '#client/lib/api.ts';
import type { ListingType } from '#shared/constants.ts';
import { LISTING_SORTS, type ListingSort, PRICE_MAX, SIZE_SQFT_MAX } from '#shared/listing-search.ts';
import type { ListingSummary, MapPoint } from '#shared/listings.ts';
import { parseListingType } from '#shared/seo/listing-type.ts';

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

// The filters the browse page keeps in its address.
export type BrowseFilters = Omit<ListingFilters, 'type' | 'limit'> & { type?: ListingType };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const RADIUS_KM_MAX = 5000;

// A whole number from the address, or nothing when it is not one or is out of range.
function wholeParam(value: string | null, max: number): number | undefined {
  const v = value?.trim() ?? '';
  return /^\d{1,12}$/.test(v) && Number(v) <= max ? Number(v) : undefined;
}

// The browse page's filters from its URL (?type=&location=&q=&near=&radiusKm=&available=
// &minPrice=&maxPrice=&minSize=&amenities=&sort=). A value the server would refuse is dropped, so an edited address
// shows results rather than an error: an unknown type means all types, a malformed date no date.
export function filtersFromParams(params: URLSearchParams): BrowseFilters {
  const available = params.get('available') ?? '';
  const sort = params.get('sort') ?? '';
  let minPrice = wholeParam(params.get('minPrice'), PRICE_MAX);
  const maxPrice = wholeParam(params.get('maxPrice'), PRICE_MAX);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) minPrice = undefined;
  const amenities = cleanAmenityList((params.get('amenities') ?? '').split(','));
  const near = params.get('near')?.trim() || undefined;
  const f: BrowseFilters = {
    type: parseListingType(params.get('type')),
    location: params.get('location')?.trim() || undefined,
    q: params.get('q')?.trim() || undefined,
    near,
    radiusKm: near ? wholeParam(params.get('radiusKm'), RADIUS_KM_MAX) || undefined : undefined,
    ...(ISO_DAY.test(available) ? { available } : {}),
    minPrice,
    maxPrice,
    minSize: wholeParam(params.get('minSize'), SIZE_SQFT_MAX),
    amenities: amenities.length ? amenities : undefined,
    sort:
      (LISTING_SORTS as readonly string[]).includes(sort) && (sort !== 'distance' || near)
        ? (sort as ListingSort)
        : undefined,
  };
  // Only the keys that hold a value: the object is part of the query key and of the address.
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as BrowseFilters;
}

// Trimmed, empties and duplicates (any case) dropped, at most 30 of at most 60 characters.
function cleanAmenityList(list: string[]): string[] {
  const seen = new Set<string>();
  return list
    .map((a) => a.trim())
    .filter((a) => a && a.length <= 60 && !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()))
    .slice(0, 30);
}

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

function toSearch(f: ListingFilters, cursor?: string | null): string {
  const p = filtersToParams(f);
  if (cursor) p.set('cursor', cursor);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export class ListingsFetchError extends Error {
  readonly detail: string | null;
  constructor(detail: string | null) {
    super('Failed to fetch listings');
    this.detail = detail;
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
}> {
  const res = await fetcher(`/api/listings${toSearch(f, cursor)}`, { credentials: 'include' });
  try {
    await throwIfResNotOk(res);
  } catch (err) {
    // The spec's message; a search the server refused (400) also says why ("We could not find...").
    throw new ListingsFetchError(
      err instanceof ApiError && err.status === 400 ? (err.serverMessage ?? null) : null,
    );
  }
  const total = res.headers.get('X-Total-Count');
  const place = res.headers.get('X-Place');
  return {
    items: await readJson(res, 'listingSummaries'),
    nextCursor: res.headers.get('X-Next-Cursor'),
    // The first page: how many in all, and the place a misspelt location was read as.
    total: total === null ? null : Number(total),
    place: place === null ? null : decodeURIComponent(place),
  };
}

export const listingsQuery = (f: ListingFilters, fetcher?: Fetcher) =>
  infiniteQueryOptions({
    queryKey: ['/api/listings', 'search', f],
    queryFn: ({ pageParam }) => fetchListingsPage(f, pageParam, fetcher),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

// Every listing the filters find, as map points (the order, page size and cursor do not apply).
export const mapPointsQuery = (f: ListingFilters) => {
  const { sort: _s, limit: _l, ...where } = f;
  return queryOptions({
    queryKey: ['/api/listings', 'map', where],
    queryFn: async (): Promise<MapPoint[]> => {
      const res = await fetch(`/api/listings/map${toSearch(where)}`, { credentials: 'include' });
      await throwIfResNotOk(res);
      return readJson(res, 'mapPoints');
    },
  });
};

export const featuredListingsQuery = (type?: string, fetcher?: Fetcher) =>
  queryOptions({
    queryKey: ['/api/listings', 'featured', type ?? 'all'],
    queryFn: async () => (await fetchListingsPage({ type, limit: 6 }, null, fetcher)).items,
  });

export const listingQuery = (id: string | number) => apiQuery(['/api/listings', String(id)], 'listingDetail');
export const myListingsQuery = apiQuery(['/api/users/me/listings'], 'ownListings');
