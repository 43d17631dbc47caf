// A listing's calendar sync (ADR 048): its secret export address and the feeds it imports.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiRequest, readJson } from '#client/lib/api.ts';

export const listingCalendarQuery = (id: number) =>
  apiQuery(['/api/listings', String(id), 'calendar'], 'listingCalendar');

function useRefresh(id: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: listingCalendarQuery(id).queryKey });
}

export function useAddCalendarImport(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: async (url: string) =>
      readJson(await apiRequest('POST', `/api/listings/${id}/calendar/imports`, { url }), 'calendarImport'),
    onSuccess: () => refresh(),
  });
}

export function useRemoveCalendarImport(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: async (importId: number) =>
      readJson(
        await apiRequest('DELETE', `/api/listings/${id}/calendar/imports/${importId}`),
        'messageResult',
      ),
    onSuccess: () => refresh(),
  });
}

export function useResetCalendarExport(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      readJson(await apiRequest('POST', `/api/listings/${id}/calendar/reset`), 'listingCalendar'),
    onSuccess: (data) => qc.setQueryData(listingCalendarQuery(id).queryKey, data),
  });
}
