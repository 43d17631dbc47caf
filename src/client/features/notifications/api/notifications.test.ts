import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationPage } from '#shared/notifications.ts';
import { markReadInPages, notificationStreamListeners, notificationsQuery } from './notifications.ts';
import { getLiveUnread } from './unread-store.ts';

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'message',
  title: `n${id}`,
  body: '',
  link: '/messages/2',
  count: 1,
  actor: null,
  read,
  createdAt: new Date(0).toISOString(),
});

const pages = (...lists: Notification[][]): InfiniteData<NotificationPage> => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i ? `c${i - 1}` : null)),
});

const readIds = (d: InfiniteData<NotificationPage> | undefined) =>
  d?.pages.flatMap((p) => p.items.filter((n) => n.read).map((n) => n.id));

describe('markReadInPages', () => {
  it('marks the given ids across pages', () => {
    const d = markReadInPages(pages([note(5), note(4)], [note(3), note(2, true)]), { ids: [4, 3] });
    expect(readIds(d)).toEqual([4, 3, 2]);
    expect(d?.pageParams).toEqual([null, 'c0']);
  });

  it('marks all, and leaves an empty cache empty', () => {
    expect(readIds(markReadInPages(pages([note(2)], [note(1)]), { all: true }))).toEqual([2, 1]);
    expect(markReadInPages(undefined, { all: true })).toBeUndefined();
  });
});

describe('notificationStreamListeners', () => {
  it('feeds the bell and marks the list for a refetch', () => {
    const qc = new QueryClient();
    qc.setQueryData(notificationsQuery.queryKey, pages([note(1)]));
    const on = notificationStreamListeners(qc);
    on.onReady({ notificationCount: 1 });
    expect(getLiveUnread()).toBe(1);
    on.onNotification({ notification: note(2), unreadCount: 2 }, false);
    expect(getLiveUnread()).toBe(2);
    expect(qc.getQueryState(notificationsQuery.queryKey)?.isInvalidated).toBe(true);
    on.onNotification({ notification: note(3), unreadCount: 3 }, true);
    expect(getLiveUnread()).toBe(2);
    on.onNotificationsUnread({ unreadCount: 0 });
    expect(getLiveUnread()).toBe(0);
    on.onStatus('connecting');
    expect(getLiveUnread()).toBeNull();
  });
});
