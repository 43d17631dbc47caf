import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { useUser } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
// Types only: the heart is on Zod-free pages.
import type { SavedSearch } from '#shared/saved.ts';

export const savedIdsQuery = apiQuery(['/api/saved/ids'], 'savedIds');
export const savedListingsQuery = apiQuery(['/api/saved'], 'listingSummaries');
export const savedSearchesQuery = apiQuery(['/api/saved-searches'], 'savedSearches');

// The ids of the signed-in user's saved listings (none when signed out), for the hearts.
export function useSavedIds(): Set<number> {
  const { user } = useUser();
  const { data } = useQuery(queryOptions({ ...savedIdsQuery, enabled: Boolean(user) }));
  return new Set(user ? (data ?? []) : []);
}

export function useToggleSaved() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ listingId, save }: { listingId: number; save: boolean }) =>
      readJson(await apiRequest(save ? 'PUT' : 'DELETE', `/api/saved/${listingId}`), 'savedState'),
    onMutate: ({ listingId, save }) => {
      qc.setQueryData(savedIdsQuery.queryKey, (old) => {
        const rest = (old ?? []).filter((id) => id !== listingId);
        return save ? [listingId, ...rest] : rest;
      });
    },
    onError: (err) => {
      toast({
        title: t`Could not update your saved spaces`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: savedIdsQuery.queryKey });
      void qc.invalidateQueries({ queryKey: savedListingsQuery.queryKey });
    },
  });
}

export function useSaveSearch() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { query: string; name?: string }): Promise<SavedSearch> =>
      readJson(await apiRequest('POST', '/api/saved-searches', input), 'savedSearch'),
    onSuccess: () => {
      toast({
        title: t`Search saved`,
        description: t`We will let you know when a new listing matches it.`,
      });
    },
    onError: (err) => {
      toast({
        title: t`Could not save this search`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: savedSearchesQuery.queryKey }),
  });
}

export function useDeleteSearch() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      readJson(await apiRequest('DELETE', `/api/saved-searches/${id}`), 'messageResult'),
    onError: (err) => {
      toast({
        title: t`Could not delete the search`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: savedSearchesQuery.queryKey }),
  });
}
