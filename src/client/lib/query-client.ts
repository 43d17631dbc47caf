import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, type Fetcher, getQueryFn } from './api.ts';
import { userQuery } from './session.ts';
import { toast } from './toast-store.ts';

// A 401 'UNAUTHENTICATED' while we believe someone is signed in: the session ended on the server
// (signed out elsewhere, the account suspended or deleted). Forget the user at once, so protected
// pages send them to sign in instead of failing one request at a time (docs/decisions/029).
function sessionEnded(client: () => QueryClient) {
  return (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 401 || err.code !== 'UNAUTHENTICATED') return;
    const qc = client();
    if (!qc.getQueryData(userQuery.queryKey)) return;
    qc.setQueryData(userQuery.queryKey, null);
    // Whatever else is cached was theirs (as at log-out); dropped once this error has been handled.
    setTimeout(() => qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userQuery.queryKey[0] }), 0);
    toast({ title: 'You have been signed out', description: 'Please sign in again to continue.' });
  };
}

// The spec's defaults (section 7): never retry, never refetch on focus or interval, never stale.
// The server passes its in-process fetcher when it pre-renders a page.
export function createQueryClient(fetcher?: Fetcher) {
  const onError = sessionEnded(() => client);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
}

export const queryClient = createQueryClient();
