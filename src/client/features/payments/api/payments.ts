import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { CreatePaymentInput } from '#shared/payments.ts';

export const paymentsQuery = apiQuery(['/api/payments'], 'payments');

// Pay with crypto: create the charge, then a full-page redirect to the hosted checkout.
export function useCreatePayment() {
  return useMutation({
    mutationFn: async (input: CreatePaymentInput) =>
      readJson(await apiRequest('POST', '/api/payments/create', input), 'paymentCreated'),
    onSuccess: (data) => {
      if (data?.hostedUrl) {
        window.location.href = data.hostedUrl;
        return;
      }
      toast({ title: 'Payment Error', description: 'Failed to create payment', variant: 'destructive' });
    },
    onError: (err) =>
      toast({
        title: 'Payment Error',
        description: errorMessage(err, 'An unexpected error occurred'),
        variant: 'destructive',
      }),
  });
}

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
