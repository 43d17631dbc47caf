import { useSyncExternalStore } from 'react';

// The bell's live unread count, fed by the message stream's events. null: not known live (the
// stream is down, or the server did not say), so the bell polls GET /api/notifications/unread-count.
export type LiveUnread = number | null;

export type UnreadEvent =
  // The stream (re)connected; older servers send no notificationCount.
  | { type: 'ready'; notificationCount?: number }
  // A new notification; one for the thread on screen is read at once, so it does not count.
  | { type: 'notification'; unreadCount: number; threadOpen: boolean }
  // The total changed elsewhere (read in another tab, or a thread was read).
  | { type: 'unread'; unreadCount: number }
  // Our own mark-read answer: the total after it.
  | { type: 'read'; unreadCount: number }
  // The stream closed or is reconnecting: what we knew may be out of date.
  | { type: 'down' };

export function reduceUnread(state: LiveUnread, e: UnreadEvent): LiveUnread {
  switch (e.type) {
    case 'ready':
      return e.notificationCount ?? null;
    case 'notification':
      return e.threadOpen ? state : e.unreadCount;
    case 'unread':
      return e.unreadCount;
    case 'read':
      // Without the stream the poll's cache is updated instead; a number here would stop the poll.
      return state === null ? null : e.unreadCount;
    case 'down':
      return null;
  }
}

let live: LiveUnread = null;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function dispatchUnread(e: UnreadEvent) {
  const next = reduceUnread(live, e);
  if (next === live) return;
  live = next;
  for (const l of listeners) l();
}

export const getLiveUnread = (): LiveUnread => live;

export const useLiveUnread = () => useSyncExternalStore(subscribe, getLiveUnread, getLiveUnread);
