import { describe, expect, it } from 'vitest';
import { dispatchUnread, getLiveUnread, reduceUnread } from './unread-store.ts';

describe('reduceUnread', () => {
  it('takes the count from ready, or stays unknown when the server sends none', () => {
    expect(reduceUnread(null, { type: 'ready', notificationCount: 4 })).toBe(4);
    expect(reduceUnread(7, { type: 'ready' })).toBeNull();
  });

  it('follows new notifications and changes elsewhere', () => {
    expect(reduceUnread(2, { type: 'notification', unreadCount: 3, threadOpen: false })).toBe(3);
    expect(reduceUnread(null, { type: 'notification', unreadCount: 3, threadOpen: false })).toBe(3);
    expect(reduceUnread(3, { type: 'unread', unreadCount: 0 })).toBe(0);
  });

  it('does not bump the bell for a message in the thread on screen', () => {
    expect(reduceUnread(2, { type: 'notification', unreadCount: 3, threadOpen: true })).toBe(2);
    expect(reduceUnread(null, { type: 'notification', unreadCount: 3, threadOpen: true })).toBeNull();
  });

  it('applies a mark-read answer only while live, so polling keeps running without the stream', () => {
    expect(reduceUnread(5, { type: 'read', unreadCount: 1 })).toBe(1);
    expect(reduceUnread(null, { type: 'read', unreadCount: 1 })).toBeNull();
  });

  it('forgets the count when the stream goes down', () => {
    expect(reduceUnread(5, { type: 'down' })).toBeNull();
  });
});

describe('the store', () => {
  it('holds what the reducer gives', () => {
    dispatchUnread({ type: 'ready', notificationCount: 2 });
    expect(getLiveUnread()).toBe(2);
    dispatchUnread({ type: 'notification', unreadCount: 3, threadOpen: false });
    expect(getLiveUnread()).toBe(3);
    dispatchUnread({ type: 'down' });
    expect(getLiveUnread()).toBeNull();
  });
});
