import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/auth.ts';
import { getQueryFn } from './api.ts';

// The current user (GET /api/user; null when signed out), read by every feature and the app shell.
// The auth feature signs in and out by writing this query's data.

// The server marks pages sent to a browser without a session cookie: that visitor is signed out,
// and asking GET /api/user would only earn a 401.
const signedOutAtLoad =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="ys-auth"]')?.getAttribute('content') === 'anonymous';

export const userQuery = queryOptions<User | null>({
  queryKey: ['/api/user'],
  queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
  meta: { response: 'user' },
  ...(signedOutAtLoad ? { initialData: null } : {}),
});

export function useUser() {
  const { data, isLoading, error } = useQuery(userQuery);
  return { user: data ?? null, isLoading, error };
}
