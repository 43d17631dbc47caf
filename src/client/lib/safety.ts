import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReportInput } from '#shared/moderation.ts';
import { apiQuery, apiRequest, errorMessage, readJson } from './api.ts';
import { toast } from './toast-store.ts';

// Reports and blocks (docs/decisions/029): asked for from the listing page, a public profile and a
// message thread, which belong to three features, and unblocked from Account Settings. Like the
// current user (session.ts), they live here so that every page can reach them (docs/decisions/015).

export const blocksQuery = apiQuery(['/api/blocks'], 'blockedUsers');

// The users I blocked, newest first (only asked for while signed in).
export function useBlocks(enabled = true) {
  return useQuery({ ...blocksQuery, enabled });
}

// Whether I blocked this user; undefined while not known (a list that failed to load counts as no).
export function useIsBlocked(userId: number, enabled = true): boolean | undefined {
  const { data, isError } = useBlocks(enabled);
  if (data) return data.some((b) => b.userId === userId);
  return isError ? false : undefined;
}

export function useReport() {
  return useMutation({
    mutationFn: async (input: CreateReportInput) =>
      readJson(await apiRequest('POST', '/api/reports', input), 'report'),
  });
}

// A block changes what both users see (listings, profiles, threads): refetch those.
function afterBlockChange(qc: QueryClient) {
  for (const key of ['/api/blocks', '/api/listings', '/api/users', '/api/messages', '/api/saved'])
    void qc.invalidateQueries({ queryKey: [key] });
}

export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId }: { userId: number; name: string }) =>
      readJson(await apiRequest('POST', '/api/blocks', { userId }), 'blockedUser'),
    onSuccess: (_blocked, { name }) => {
      afterBlockChange(qc);
      toast({
        title: `${name} is blocked`,
        description: 'You can unblock them any time in Account Settings.',
      });
    },
    onError: (err) =>
      toast({
        title: 'Could not block this user',
        description: errorMessage(err, 'Please try again'),
        variant: 'destructive',
      }),
  });
}

export function useUnblock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId }: { userId: number; name: string }) =>
      readJson(await apiRequest('DELETE', `/api/blocks/${userId}`), 'messageResult'),
    onSuccess: (_result, { name }) => {
      afterBlockChange(qc);
      toast({ title: `${name} is unblocked`, description: 'You can message each other again.' });
    },
    onError: (err) =>
      toast({
        title: 'Could not unblock this user',
        description: errorMessage(err, 'Please try again'),
        variant: 'destructive',
      }),
  });
}
