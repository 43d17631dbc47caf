import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { checkResponse, type ResponseOf } from '#client/lib/api.ts';
import type { Notification } from '#shared/notifications.ts';
import { addToThread, conversationsQuery, threadQuery, useConversations } from './messages.ts';
import { type StreamStatus, setStatus, setUnread, useStreamUnread } from './stream-status.ts';

const RECONNECT_MS = 15_000;

type StreamEventName =
  | 'streamReady'
  | 'streamMessage'
  | 'streamUnread'
  | 'streamNotification'
  | 'streamNotificationsUnread';

// An event's JSON, checked as the API's answers are.
const eventData = <N extends StreamEventName>(e: MessageEvent, name: N) =>
  checkResponse(name, JSON.parse(e.data), `/api/messages/stream event '${e.type}'`);

// The stream's other events, for whoever mounts it (the app shell hands them to the notifications).
export type StreamListeners = {
  onStatus?: (status: StreamStatus) => void;
  onReady?: (data: ResponseOf<'streamReady'>) => void;
  // threadOpen: a new-message notification for the thread on screen, which marks it read itself.
  onNotification?: (data: ResponseOf<'streamNotification'>, threadOpen: boolean) => void;
  onNotificationsUnread?: (data: ResponseOf<'streamNotificationsUnread'>) => void;
};

// The other party of a new-message notification: its sender, else the thread in its link.
export function notificationThreadUser(n: Notification): number | null {
  if (n.kind !== 'message') return null;
  if (n.actor) return n.actor.id;
  const m = /^\/messages\/(\d{1,9})(?:[?#]|$)/.exec(n.link);
  return m ? Number(m[1]) : null;
}

// One EventSource per tab while signed in (mounted once by the app shell). New messages go straight
// into the cached thread (deduplicated by id); on every (re)connect the conversations and open
// threads are refetched, so nothing sent while the stream was down is lost.
export function useMessageStream(userId: number | null, listeners?: StreamListeners) {
  const qc = useQueryClient();
  const on = useRef(listeners);
  useEffect(() => {
    on.current = listeners;
  });
  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let es: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let connectedBefore = false;

    // Many events in a burst make one conversations refetch.
    const refreshConversations = () => {
      if (refreshTimer) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        void qc.invalidateQueries({ queryKey: conversationsQuery.queryKey });
      }, 250);
    };
    const isOpen = (otherId: number) =>
      (qc
        .getQueryCache()
        .find({ queryKey: threadQuery(otherId).queryKey, exact: true })
        ?.getObserversCount() ?? 0) > 0;

    const status = (s: StreamStatus) => {
      setStatus(s);
      on.current?.onStatus?.(s);
    };

    const connect = () => {
      status('connecting');
      es = new EventSource('/api/messages/stream');
      es.addEventListener('ready', async (e: MessageEvent) => {
        const data = await eventData(e, 'streamReady');
        if (stopped) return;
        status('open');
        setUnread(data.unreadCount);
        on.current?.onReady?.(data);
        if (connectedBefore) {
          // Catch up on anything sent while we were away; merged by id, so no duplicates.
          void qc.invalidateQueries({ queryKey: conversationsQuery.queryKey });
          void qc.invalidateQueries({
            queryKey: ['/api/messages'],
            predicate: (q) => q.queryKey.length === 2,
          });
        }
        connectedBefore = true;
      });
      es.addEventListener('message', async (e: MessageEvent) => {
        const { message, unreadCount } = await eventData(e, 'streamMessage');
        if (stopped) return;
        setUnread(unreadCount);
        const other = message.fromUserId === userId ? message.toUserId : message.fromUserId;
        // An open thread marks new messages read itself; one still loading is fetched again.
        if (!addToThread(qc, other, message) && isOpen(other))
          void qc.invalidateQueries({ queryKey: threadQuery(other).queryKey });
        refreshConversations();
      });
      es.addEventListener('unread', async (e: MessageEvent) => {
        const { unreadCount } = await eventData(e, 'streamUnread');
        if (stopped) return;
        setUnread(unreadCount);
        refreshConversations();
      });
      es.addEventListener('notification', async (e: MessageEvent) => {
        const data = await eventData(e, 'streamNotification');
        if (stopped) return;
        const other = notificationThreadUser(data.notification);
        on.current?.onNotification?.(data, other !== null && isOpen(other));
      });
      es.addEventListener('notificationsUnread', async (e: MessageEvent) => {
        const data = await eventData(e, 'streamNotificationsUnread');
        if (stopped) return;
        on.current?.onNotificationsUnread?.(data);
      });
      es.onerror = () => {
        status('down');
        // EventSource retries network errors itself; a refused stream (401, 5xx) stays closed.
        if (es?.readyState === EventSource.CLOSED && !stopped) {
          es = null;
          retry = setTimeout(connect, RECONNECT_MS);
        }
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(refreshTimer);
      es?.close();
      status('off');
    };
  }, [userId, qc]);
}

// The header's unread badge: live from the stream, else the (polled) conversation summaries.
export function useUnreadMessages(userId: number | null): number {
  const live = useStreamUnread();
  const { data } = useConversations(userId !== null);
  if (userId === null) return 0;
  return live ?? (data ?? []).reduce((n, c) => n + c.unreadCount, 0);
}
