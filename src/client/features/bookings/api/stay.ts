import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { AgreementChange, EndEarlyInput } from '#shared/agreement.ts';
import { bookingQuery } from './bookings.ts';

// What cancelling, or ending early on a day, would give back now: the server's quote (ADR 045).
export const cancellationQuery = (id: number) =>
  apiQuery(['/api/bookings', String(id), 'cancellation'], 'refundQuote');
export const endEarlyQuoteQuery = (id: number, endDate: string) => ({
  ...apiQuery(['/api/bookings', String(id), `end-early?endDate=${endDate}`], 'refundQuote'),
  retry: false,
});

// The stay's agreement and its early end (ADR 037).
export const agreementQuery = (id: number | string) =>
  apiQuery(['/api/bookings', String(id), 'agreement'], 'agreement');

function useFailed(title: string) {
  const { t } = useLingui();
  return (err: unknown) =>
    toast({ title, description: errorMessage(err, t`Please try again.`), variant: 'destructive' });
}

export function useEndEarly(id: number) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const failed = useFailed(t`Could not end the stay early`);
  return useMutation({
    mutationFn: async (input: EndEarlyInput) =>
      readJson(await apiRequest('POST', `/api/bookings/${id}/end-early`, input), 'bookingDetail'),
    onSuccess: (detail) => {
      qc.setQueryData(bookingQuery(id).queryKey, detail);
      qc.invalidateQueries({ queryKey: ['/api/bookings'] });
      toast({ title: t`The stay now ends early`, description: t`You both have been notified.` });
    },
    onError: failed,
  });
}

export function useAcceptAgreement(id: number) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const failed = useFailed(t`Could not accept the agreement`);
  return useMutation({
    mutationFn: async (version: number) =>
      readJson(await apiRequest('POST', `/api/bookings/${id}/agreement/accept`, { version }), 'agreement'),
    onSuccess: (a) => {
      qc.setQueryData(agreementQuery(id).queryKey, a);
      toast({ title: t`Agreement accepted` });
    },
    onError: failed,
  });
}

// A change to the host's part: a new version, accepted by its author, in force once the other
// side accepts it (ADR 037).
export function useProposeAgreement(id: number) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const failed = useFailed(t`Could not propose the change`);
  return useMutation({
    mutationFn: async (change: AgreementChange) =>
      readJson(await apiRequest('POST', `/api/bookings/${id}/agreement`, change), 'agreement'),
    onSuccess: (a) => {
      qc.setQueryData(agreementQuery(id).queryKey, a);
      toast({
        title: t`Change proposed`,
        description: t`It comes into force once the other side accepts it.`,
      });
    },
    onError: failed,
  });
}
