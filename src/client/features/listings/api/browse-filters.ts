import type { ListingType } from '#shared/constants.ts';
import { LISTING_SORTS, type ListingSort, PRICE_MAX, SIZE_SQFT_MAX } from '#shared/listing-search.ts';
import { parseListingType } from '#shared/seo/listing-type.ts';
import type { ListingFilters } from './listings.ts';

// Its own module: only the browse page reads its address (the home page's first visit does not
// download this; ADR 028).

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
  // "a,b" as the page writes it, or one parameter each as a plain form's checkboxes send them.
  const amenities = cleanAmenityList(params.getAll('amenities').flatMap((a) => a.split(',')));
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
