import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  apiRequest,
  errorMessage,
  type ResponseName,
  type ResponseOf,
  readJson,
} from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { AdminRefundInput, AdminWarnInput } from '#shared/moderation.ts';

// The operator console's reads and actions (/api/admin, ADR 029). Every key starts with
// '/api/admin', so one invalidation after an action refreshes the whole console.

type Params = Record<string, string | number | undefined | null>;

export function adminUrl(path: string, params: Params = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const query = q.toString();
  return `/api/admin/${path}${query ? `?${query}` : ''}`;
}

const adminQuery = <N extends ResponseName>(path: string, params: Params, response: N) =>
  queryOptions<ResponseOf<N>>({
    queryKey: ['/api/admin', path, params],
    queryFn: async () => readJson(await apiRequest('GET', adminUrl(path, params)), response),
  });

// The answer everyone but an admin gets on /api/admin: the same 404 as for a path that does not exist.
export const isConsoleHidden = (err: unknown) =>
  err instanceof ApiError && err.status === 404 && err.code === 'NOT_FOUND';

export type ReportStatusFilter = 'open' | 'closed' | 'all';
export type PaymentsFilter = 'all' | 'flagged';

export const adminStatsQuery = adminQuery('stats', {}, 'adminStats');
export const useAdminStats = () => useQuery({ ...adminStatsQuery, refetchOnMount: 'always' });

// The console shows what is true now: each screen asks again when it opens.
const fresh = { refetchOnMount: 'always' as const };

export const useReportsQueue = (status: ReportStatusFilter, page: number) =>
  useQuery({ ...adminQuery('reports', { status, page }, 'adminReportsPage'), ...fresh });

export const useAdminUsers = (q: string, page: number) =>
  useQuery({ ...adminQuery('users', { q, page }, 'adminUsersPage'), ...fresh });

export const useAdminUser = (id: number) =>
  useQuery({ ...adminQuery(`users/${id}`, {}, 'adminUserDetail'), ...fresh });

// A host's cancellations (ADR 037): three in twelve months queue their listings.
export const useHostCancellations = (id: number) =>
  useQuery({
    ...adminQuery(`users/${id}/host-cancellations`, {}, 'hostCancellations'),
    ...fresh,
    enabled: id > 0,
  });

export const useAdminListings = (q: string, page: number) =>
  useQuery({ ...adminQuery('listings', { q, page }, 'adminListingsPage'), ...fresh });

// Payouts (ADR 032): to send by hand, stuck, in flight; the books' totals.
export const useAdminPayouts = () => useQuery(adminQuery('payouts', {}, 'adminPayouts'));

export const useAdminPayments = (filter: PaymentsFilter, page: number) =>
  useQuery({ ...adminQuery('payments', { filter, page }, 'adminPaymentsPage'), ...fresh });

// The background jobs (issue 62): each kind's figures, the runs that failed for good.
export const useAdminJobs = () => useQuery({ ...adminQuery('jobs', {}, 'adminJobs'), ...fresh });

// Sends a failed or dead job back to its queue; the toast says how it went (a 409: retried already).
export function useRetryJob() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id }: { kind: string; id: string }) =>
      readJson(
        await apiRequest(
          'POST',
          adminUrl(`jobs/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/retry`),
        ),
        'adminActionResult',
      ),
    onSuccess: () =>
      toast({ title: t`Job sent back to its queue`, description: t`Recorded in the audit log.` }),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: t`The job could not be retried`,
        description: errorMessage(err, t`Please try again.`),
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['/api/admin'] }),
  });
}

export const useAuditLog = (page: number, subject?: { type: string; id: number }) =>
  useQuery({
    ...adminQuery('audit', { page, subjectType: subject?.type, subjectId: subject?.id }, 'adminAuditPage'),
    ...fresh,
  });

// ---- Actions: each with a reason, which the audit log keeps --------------------------------------

export type AdminActionKind =
  | 'dismiss'
  | 'hide_listing'
  | 'unhide_listing'
  | 'remove_message'
  | 'warn'
  | 'suspend'
  | 'reinstate'
  | 'refund'
  | 'payout_retry'
  | 'payout_cancel'
  | 'payout_paid'
  | 'end_stay';

const ACTION_PATHS: Record<AdminActionKind, (id: number) => string> = {
  dismiss: (id) => `reports/${id}/dismiss`,
  hide_listing: (id) => `listings/${id}/hide`,
  unhide_listing: (id) => `listings/${id}/unhide`,
  remove_message: (id) => `messages/${id}/remove`,
  warn: (id) => `users/${id}/warn`,
  suspend: (id) => `users/${id}/suspend`,
  reinstate: (id) => `users/${id}/reinstate`,
  refund: (id) => `payments/${id}/refund`,
  payout_retry: (id) => `payouts/${id}/retry`,
  payout_cancel: (id) => `payouts/${id}/cancel`,
  payout_paid: (id) => `payouts/${id}/paid`,
  end_stay: (id) => `bookings/${id}/end`,
};

export type AdminActionVars = {
  kind: AdminActionKind;
  // The report, listing, message, user or payment acted on.
  id: number;
  body: AdminWarnInput & Pick<AdminRefundInput, 'amount'> & { reference?: string };
};

export function useAdminAction() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id, body }: AdminActionVars) =>
      readJson(await apiRequest('POST', adminUrl(ACTION_PATHS[kind](id)), body), 'adminActionResult'),
    onSuccess: (result) => {
      // The console, and the public pages a hidden listing or a suspension changes.
      for (const key of ['/api/admin', '/api/listings', '/api/users', '/api/messages'])
        void qc.invalidateQueries({ queryKey: [key] });
      toast({ title: result.message, description: t`Recorded in the audit log.` });
    },
  });
}
