import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { checkResponse } from '#client/lib/api.ts';
import { addToThread, conversationsQuery, threadQuery, useConversations } from './messages.ts';
import { setStatus, setUnread, useStreamUnread } from './stream-status.ts';

const RECONNECT_MS = 15_000;

// An event's JSON, checked as the API's answers are.
const eventData = <N extends 'streamReady' | 'streamMessage' | 'streamUnread'>(e: MessageEvent, name: N) =>
  checkResponse(name, JSON.parse(e.data), `/api/messages/stream event '${e.type}'`);

// One EventSource per tab while signed in (mounted once by the app shell). New messages go straight
// into the cached thread (deduplicated by id); on every (re)connect the conversations and open
// threads are refetched, so nothing sent while the stream was down is lost.
export function useMessageStream(userId: number | null) {
  const qc = useQueryClient();
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

    const connect = () => {
      setStatus('connecting');
      es = new EventSource('/api/messages/stream');
      es.addEventListener('ready', async (e: MessageEvent) => {
        const data = await eventData(e, 'streamReady');
        if (stopped) return;
        setStatus('open');
        setUnread(data.unreadCount);
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
      es.onerror = () => {
        setStatus('down');
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
      setStatus('off');
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
