import { useLingui } from '@lingui/react/macro';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
// Types only from notifications.ts: this module is in every page's bundle, which carries no Zod.
import { NOTIFICATIONS_PAGE_SIZE, type NotificationKind } from '#shared/notification-kinds.ts';
import type {
  MarkNotificationsReadInput,
  Notification,
  NotificationPage,
  NotificationStreamEvents,
} from '#shared/notifications.ts';
import { dispatchUnread, useLiveUnread } from './unread-store.ts';

// While the live stream is down the bell asks for its count this often.
export const UNREAD_POLL_MS = 30_000;

export const notificationsQuery = infiniteQueryOptions({
  queryKey: ['/api/notifications', 'list'],
  queryFn: async ({ pageParam }) => {
    const q = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
    if (pageParam) q.set('cursor', pageParam);
    return readJson(await apiRequest('GET', `/api/notifications?${q}`), 'notificationPage');
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export const unreadCountQuery = apiQuery(['/api/notifications/unread-count'], 'unreadCount');
export const notificationPrefsQuery = apiQuery(['/api/notifications/preferences'], 'notificationPrefs');

// Fetched again on every visit: while the stream is down nothing else tells us of new ones.
export function useNotifications() {
  return useInfiniteQuery({ ...notificationsQuery, refetchOnMount: 'always' });
}

// The bell's count: live from the stream, else polled every 30 s (and fetched again as soon as the
// stream goes down, since the cached count may be old by then).
export function useNotificationUnread(userId: number | null): number {
  const live = useLiveUnread();
  const polling = userId !== null && live === null;
  const { data } = useQuery({
    ...unreadCountQuery,
    enabled: polling,
    staleTime: 0,
    refetchInterval: polling ? UNREAD_POLL_MS : false,
  });
  if (userId === null) return 0;
  return live ?? data?.count ?? 0;
}

// Marks notifications read in the cached pages: the given ids, or all.
export function markReadInPages(
  data: InfiniteData<NotificationPage> | undefined,
  input: MarkNotificationsReadInput,
): InfiniteData<NotificationPage> | undefined {
  if (!data) return data;
  const hit = 'all' in input ? () => true : (n: Notification) => input.ids.includes(n.id);
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      items: p.items.map((n) => (!n.read && hit(n) ? { ...n, read: true } : n)),
    })),
  };
}

// The unread total the server reported, wherever the bell reads it.
function setUnreadTotal(qc: QueryClient, count: number) {
  qc.setQueryData(unreadCountQuery.queryKey, { count });
  dispatchUnread({ type: 'read', unreadCount: count });
}

export function useMarkNotificationsRead() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: MarkNotificationsReadInput) =>
      readJson(await apiRequest('POST', '/api/notifications/read', input), 'notificationsRead'),
    onMutate: (input) => {
      qc.setQueryData(notificationsQuery.queryKey, (old) => markReadInPages(old, input));
    },
    onSuccess: ({ unreadCount }) => setUnreadTotal(qc, unreadCount),
    onError: (err) => {
      void qc.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      toast({
        title: t`Could not mark as read`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      });
    },
  });
}

// What the app shell wires to the message stream: the bell's count and the list's first page.
export function notificationStreamListeners(qc: QueryClient) {
  const refreshList = () => void qc.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  return {
    onStatus: (status: string) => {
      if (status !== 'open') dispatchUnread({ type: 'down' });
    },
    onReady: (data: { notificationCount?: number }) => {
      dispatchUnread({ type: 'ready', notificationCount: data.notificationCount });
      // Anything that arrived while the stream was away.
      refreshList();
    },
    onNotification: (data: NotificationStreamEvents['notification'], threadOpen: boolean) => {
      dispatchUnread({ type: 'notification', unreadCount: data.unreadCount, threadOpen });
      refreshList();
    },
    onNotificationsUnread: (data: NotificationStreamEvents['notificationsUnread']) => {
      dispatchUnread({ type: 'unread', unreadCount: data.unreadCount });
      refreshList();
    },
  };
}

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQuery);
}

export function useUpdateNotificationPrefs() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (email: Partial<Record<NotificationKind, boolean>>) =>
      readJson(await apiRequest('PUT', '/api/notifications/preferences', { email }), 'notificationPrefs'),
    onSuccess: (prefs) => {
      qc.setQueryData(notificationPrefsQuery.queryKey, prefs);
      toast({ title: t`Notification settings saved`, description: t`Your e-mail choices were updated.` });
    },
    onError: (err) =>
      toast({
        title: t`Could not save notification settings`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      }),
  });
}
