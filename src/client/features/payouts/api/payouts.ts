import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { PutPayoutMethodInput } from '#shared/payouts.ts';

// Payouts (ADR 032): what a host earned, and where they are paid.
export const earningsQuery = apiQuery(['/api/users/me/payouts'], 'earnings');
const methodKey = ['/api/users/me/payout-method'];

// The host's payout method, or null when none was added (the API's 404).
export function usePayoutMethod() {
  return useQuery({
    queryKey: methodKey,
    queryFn: async () => {
      try {
        return await readJson(await apiRequest('GET', '/api/users/me/payout-method'), 'payoutMethod');
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export function useSavePayoutMethod() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: PutPayoutMethodInput) =>
      readJson(await apiRequest('PUT', '/api/users/me/payout-method', input), 'payoutMethod'),
    onSuccess: (saved) => {
      qc.setQueryData(methodKey, saved);
      qc.invalidateQueries({ queryKey: earningsQuery.queryKey });
      toast({
        title: t`Payout details saved`,
        description: t`We sent a confirmation to your e-mail address.`,
      });
    },
    onError: (err) =>
      toast({
        title: t`Payout details not saved`,
        description: errorMessage(err, t`Could not save your payout details`),
        variant: 'destructive',
      }),
  });
}
