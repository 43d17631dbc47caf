import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Fetcher } from '#client/lib/api.ts';
import { fetchListingsPage, type ListingFilters } from './listings.ts';

// The browse page's search, page by page. Apart from listings.ts, which the home page's first visit
// loads, so that visit does not download infiniteQueryOptions (ADR 028's budget, ADR 042).
export const listingsQuery = (f: ListingFilters, fetcher?: Fetcher) =>
  infiniteQueryOptions({
    queryKey: ['/api/listings', 'search', f],
    queryFn: ({ pageParam }) => fetchListingsPage(f, pageParam, fetcher),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
