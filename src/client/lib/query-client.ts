import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

// The spec's defaults (section 7): never retry, never refetch on focus or interval, never stale.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
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
