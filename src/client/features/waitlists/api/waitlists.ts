// Waiting lists for full listings (ADR 049): the grower's places and offers, the host's line.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, readJson } from '#client/lib/api.ts';
import type { JoinWaitlistInput, MoveWaitlistEntryInput } from '#shared/waitlists.ts';

// The grower's lists, each with their place in line and any open offer. Offers arrive while the
// page is open (the job makes them), so this one is read again when the window regains focus.
export const myWaitlistsQuery = {
  ...apiQuery(['/api/users/me/waitlists'], 'myWaitlists'),
  staleTime: 0,
  refetchOnWindowFocus: true,
};

export const hostWaitlistQuery = (listingId: number) =>
  apiQuery(['/api/listings', String(listingId), 'waitlist'], 'hostWaitlist');

// What a change to a place in line makes stale: the grower's lists, their bookings (an accepted
// offer is one) and the listing's free months (an offer holds a plot). Not awaited: the refreshed
// list may unmount the card that asked, whose own follow-up (a toast, going to the booking) comes first.
function useRefresh(listingId?: number) {
  const qc = useQueryClient();
  return () => {
    void Promise.all([
      qc.invalidateQueries({ queryKey: myWaitlistsQuery.queryKey }),
      qc.invalidateQueries({ queryKey: ['/api/bookings'] }),
      listingId
        ? qc.invalidateQueries({ queryKey: ['/api/listings', String(listingId), 'availability'] })
        : qc.invalidateQueries({ queryKey: ['/api/listings'] }),
    ]);
  };
}

export function useJoinWaitlist(listingId: number) {
  const refresh = useRefresh(listingId);
  return useMutation({
    mutationFn: async (input: JoinWaitlistInput) =>
      readJson(await apiRequest('POST', `/api/listings/${listingId}/waitlist`, input), 'myWaitlist'),
    onSuccess: () => refresh(),
  });
}

export function useLeaveWaitlist(listingId: number) {
  const refresh = useRefresh(listingId);
  return useMutation({
    mutationFn: async () =>
      readJson(await apiRequest('DELETE', `/api/listings/${listingId}/waitlist`), 'messageResult'),
    onSuccess: () => refresh(),
  });
}

export function useAcceptOffer(listingId: number) {
  const refresh = useRefresh(listingId);
  return useMutation({
    mutationFn: async (offerId: number) =>
      readJson(await apiRequest('POST', `/api/waitlist-offers/${offerId}/accept`), 'acceptedOffer'),
    onSettled: () => refresh(),
  });
}

export function useDeclineOffer(listingId: number) {
  const refresh = useRefresh(listingId);
  return useMutation({
    // The reason, if given, is told to the host (ADR 059).
    mutationFn: async ({ offerId, reason }: { offerId: number; reason?: string }) =>
      readJson(
        await apiRequest(
          'POST',
          `/api/waitlist-offers/${offerId}/decline`,
          reason?.trim() ? { reason: reason.trim() } : undefined,
        ),
        'myWaitlists',
      ),
    onSettled: () => refresh(),
  });
}

// The host's changes answer with the whole line, which replaces the one on screen.
function useHostChange<I>(listingId: number, path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) =>
      readJson(
        await apiRequest('POST', `/api/listings/${listingId}/waitlist/${path}`, input),
        'hostWaitlist',
      ),
    onSuccess: (data) => qc.setQueryData(hostWaitlistQuery(listingId).queryKey, data),
  });
}

export const useMoveWaitlistEntry = (listingId: number) =>
  useHostChange<MoveWaitlistEntryInput>(listingId, 'move');
export const useCloseWaitlist = (listingId: number) => useHostChange<{ reason: string }>(listingId, 'close');
export const useReopenWaitlist = (listingId: number) => useHostChange<undefined>(listingId, 'reopen');
