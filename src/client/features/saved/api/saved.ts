import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '#client/lib/api.ts';
import { useUser } from '#client/lib/session.ts';

// The reads. The writes (and their messages) are in saved-mutations.ts, loaded when used: the heart
// is on the first page every visitor sees (docs/decisions/028).

export const savedIdsQuery = apiQuery(['/api/saved/ids'], 'savedIds');
export const savedListingsQuery = apiQuery(['/api/saved'], 'listingSummaries');
export const savedSearchesQuery = apiQuery(['/api/saved-searches'], 'savedSearches');

// The ids of the signed-in user's saved listings (none when signed out), for the hearts.
export function useSavedIds(): Set<number> {
  const { user } = useUser();
  const { data } = useQuery(queryOptions({ ...savedIdsQuery, enabled: Boolean(user) }));
  return new Set(user ? (data ?? []) : []);
}
