import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  apiQuery,
  apiRequest,
  checkResponse,
  type Fetcher,
  readJson,
  throwIfResNotOk,
} from '#client/lib/api.ts';
import type { ListingType } from '#shared/constants.ts';
import type { CreateListingInput, ListingSummary, UpdateListingInput } from '#shared/listings.ts';
import { parseListingType } from '#shared/seo.ts';

export type ListingFilters = {
  type?: string;
  location?: string;
  q?: string;
  near?: string;
  available?: string;
  limit?: number;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

// The browse page's filters from its URL (?type=&location=&available=); an unknown type means all
// types, a malformed date no date.
export function filtersFromParams(params: URLSearchParams): {
  type?: ListingType;
  location?: string;
  available?: string;
} {
  const available = params.get('available') ?? '';
  return {
    type: parseListingType(params.get('type')),
    location: params.get('location')?.trim() || undefined,
    ...(ISO_DAY.test(available) ? { available } : {}),
  };
}

function toSearch(f: ListingFilters, cursor?: string | null): string {
  const p = new URLSearchParams();
  if (f.type) p.set('type', f.type);
  if (f.location?.trim()) p.set('location', f.location.trim());
  if (f.q?.trim()) p.set('q', f.q.trim());
  if (f.near?.trim()) p.set('near', f.near.trim());
  if (f.available) p.set('available', f.available);
  if (f.limit) p.set('limit', String(f.limit));
  if (cursor) p.set('cursor', cursor);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export async function fetchListingsPage(
  f: ListingFilters,
  cursor?: string | null,
  fetcher: Fetcher = fetch,
): Promise<{ items: ListingSummary[]; nextCursor: string | null }> {
  const res = await fetcher(`/api/listings${toSearch(f, cursor)}`, { credentials: 'include' });
  try {
    await throwIfResNotOk(res);
  } catch {
    throw new Error('Failed to fetch listings');
  }
  return { items: await readJson(res, 'listingSummaries'), nextCursor: res.headers.get('X-Next-Cursor') };
}

export const listingsQuery = (f: ListingFilters, fetcher?: Fetcher) =>
  infiniteQueryOptions({
    queryKey: ['/api/listings', 'search', f],
    queryFn: ({ pageParam }) => fetchListingsPage(f, pageParam, fetcher),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const featuredListingsQuery = (type?: string, fetcher?: Fetcher) =>
  queryOptions({
    queryKey: ['/api/listings', 'featured', type ?? 'all'],
    queryFn: async () => (await fetchListingsPage({ type, limit: 6 }, null, fetcher)).items,
  });

export const listingQuery = (id: string | number) => apiQuery(['/api/listings', String(id)], 'listingDetail');
export const myListingsQuery = apiQuery(['/api/users/me/listings'], 'listings');

function useInvalidateListings() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['/api/listings'] }),
      qc.invalidateQueries({ queryKey: myListingsQuery.queryKey }),
    ]);
}

export function useCreateListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: async (input: CreateListingInput) =>
      readJson(await apiRequest('POST', '/api/listings', input), 'listing'),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateListing(id: number) {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: async (input: UpdateListingInput) =>
      readJson(await apiRequest('PATCH', `/api/listings/${id}`, input), 'listing'),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest('DELETE', `/api/listings/${id}`)).json(),
    onSuccess: () => invalidate(),
  });
}

// XMLHttpRequest, because fetch cannot report upload progress.
export function uploadImages(files: File[], onProgress: (fraction: number) => void): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append('images', f);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300)
        checkResponse('uploadedImages', JSON.parse(xhr.responseText), 'POST /api/upload').then(
          resolve,
          reject,
        );
      else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
