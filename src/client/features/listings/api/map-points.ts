import { queryOptions } from '@tanstack/react-query';
import { readJson, throwIfResNotOk } from '#client/lib/api.ts';
import type { MapPoint } from '#shared/listings.ts';
import { type ListingFilters, toSearch } from './listings.ts';

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
