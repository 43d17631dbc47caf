import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';

export const paymentsQuery = apiQuery(['/api/payments'], 'payments');

export function useRefundPayment() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      readJson(await apiRequest('POST', `/api/payments/${id}/refund`), 'payment'),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: paymentsQuery.queryKey });
      toast({ title: t`Payment refunded`, description: t`The renter is being refunded the full amount.` });
    },
    onError: (err) =>
      toast({
        title: t`Refund failed`,
        description: errorMessage(err, t`Could not refund this payment`),
        variant: 'destructive',
      }),
  });
}
