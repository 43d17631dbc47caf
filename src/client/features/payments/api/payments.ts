import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentInput, PaymentsList, PaymentView } from '#shared/payments.ts';
import { apiRequest, errorMessage, getQueryFn } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast-store.ts';

export const paymentsQuery = queryOptions<PaymentsList>({
  queryKey: ['/api/payments'],
  queryFn: getQueryFn<PaymentsList>({ on401: 'throw' }),
});

// Pay with crypto: create the charge, then a full-page redirect to the hosted checkout.
export function useCreatePayment() {
  return useMutation({
    mutationFn: async (input: CreatePaymentInput) =>
      (await apiRequest('POST', '/api/payments/create', input)).json() as Promise<{ hostedUrl?: string }>,
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
      (await apiRequest('POST', `/api/payments/${id}/refund`)).json() as Promise<PaymentView>,
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
