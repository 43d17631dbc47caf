import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
// Types only: the heart is on Zod-free pages.
import type { SavedSearch } from '#shared/saved.ts';
import { savedIdsQuery, savedListingsQuery, savedSearchesQuery } from './saved.ts';

// Saves or unsaves a listing at once in the hearts, then on the server.
export async function toggleSaved(qc: QueryClient, i18n: I18n, listingId: number, save: boolean) {
  qc.setQueryData(savedIdsQuery.queryKey, (old) => {
    const rest = (old ?? []).filter((id) => id !== listingId);
    return save ? [listingId, ...rest] : rest;
  });
  try {
    readJson(await apiRequest(save ? 'PUT' : 'DELETE', `/api/saved/${listingId}`), 'savedState');
  } catch (err) {
    toast({
      title: i18n._(msg`Could not update your saved spaces`),
      description: errorMessage(err, i18n._(msg`Please try again`)),
      variant: 'destructive',
    });
  } finally {
    void qc.invalidateQueries({ queryKey: savedIdsQuery.queryKey });
    void qc.invalidateQueries({ queryKey: savedListingsQuery.queryKey });
  }
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
