import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';

export const paymentsQuery = apiQuery(['/api/payments'], 'payments');

export function useRefundPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      readJson(await apiRequest('POST', `/api/payments/${id}/refund`), 'payment'),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: paymentsQuery.queryKey });
      toast({ title: 'Payment refunded', description: 'The renter is being refunded the full amount.' });
    },
    onError: (err) =>
      toast({
        title: 'Refund failed',
        description: errorMessage(err, 'Could not refund this payment'),
        variant: 'destructive',
      }),
  });
}
