import { QueryClient } from '@tanstack/react-query';
import { type Fetcher, getQueryFn } from './api.ts';

// The spec's defaults (section 7): never retry, never refetch on focus or interval, never stale.
// The server passes its in-process fetcher when it pre-renders a page.
export function createQueryClient(fetcher?: Fetcher) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw', fetcher }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
