import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '#shared/messages.ts';
import {
  addToThread,
  contextStarts,
  conversationsQuery,
  markReadInCache,
  matchesFilter,
  mergeMessages,
  newestUnreadFrom,
  threadQuery,
} from './messages.ts';

const msg = (id: number, content = `m${id}`): Message => ({
  id,
  fromUserId: 1,
  toUserId: 2,
  content,
  createdAt: new Date(0).toISOString(),
  read: false,
  booking: null,
  listing: null,
});

describe('mergeMessages', () => {
  it('keeps each message once, in server sequence, whatever the arrival order', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(5), msg(2), msg(3), msg(5)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 5]);
  });

  it('takes the newer copy of a message (a refetch that marks it read)', () => {
    expect(mergeMessages([msg(1)], [{ ...msg(1), read: true }])[0].read).toBe(true);
  });

  it('a stream event and a refetch carrying the same messages never double them', () => {
    const live = [3, 1, 2].reduce<Message[]>((list, id) => mergeMessages(list, [msg(id)]), []);
    expect(mergeMessages(live, [msg(1), msg(2), msg(3), msg(4)]).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('addToThread', () => {
  it('only touches a thread that is cached', () => {
    const qc = new QueryClient();
    addToThread(qc, 2, msg(1));
    expect(qc.getQueryData(threadQuery(2).queryKey)).toBeUndefined();
    qc.setQueryData(threadQuery(2).queryKey, [msg(1)]);
    addToThread(qc, 2, msg(2));
    addToThread(qc, 2, msg(2));
    expect(qc.getQueryData<Message[]>(threadQuery(2).queryKey)?.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('matchesFilter', () => {
  const c = { user: { name: 'Rosa Parks', username: 'rosa_p' } };
  it('matches name or username, any case, ignoring surrounding spaces', () => {
    expect(matchesFilter(c, '')).toBe(true);
    expect(matchesFilter(c, ' PARKS ')).toBe(true);
    expect(matchesFilter(c, 'sa_p')).toBe(true);
    expect(matchesFilter(c, 'bob')).toBe(false);
  });
});

describe('marking a thread read', () => {
  it('finds the newest unread message from the other party only', () => {
    const mine = { ...msg(9), fromUserId: 2, toUserId: 1 };
    expect(newestUnreadFrom(undefined, 1)).toBe(0);
    expect(newestUnreadFrom([msg(3), { ...msg(5), read: true }, msg(4), mine], 1)).toBe(4);
    expect(newestUnreadFrom([mine], 1)).toBe(0);
  });

  it('marks cached messages up to the id read and zeroes that conversation', () => {
    const qc = new QueryClient();
    qc.setQueryData(threadQuery(1).queryKey, [msg(1), msg(2), msg(3)]);
    const convo = (userId: number) => ({ userId, unreadCount: 2 }) as Conversation;
    qc.setQueryData(conversationsQuery.queryKey, [convo(1), convo(7)]);
    markReadInCache(qc, 1, 2);
    expect(qc.getQueryData<Message[]>(threadQuery(1).queryKey)?.map((m) => m.read)).toEqual([
      true,
      true,
      false,
    ]);
    expect(qc.getQueryData<Conversation[]>(conversationsQuery.queryKey)?.map((c) => c.unreadCount)).toEqual([
      0, 2,
    ]);
  });
});

describe('contextStarts', () => {
  const about = (id: number, bookingId: number | null): Message => ({
    ...msg(id),
    booking: bookingId === null ? null : { id: bookingId, listingTitle: `Listing of ${bookingId}` },
  });
  it('marks the first message about each new booking; plain messages neither start nor end one', () => {
    const list = [
      about(1, null),
      about(2, 7),
      about(3, 7),
      about(4, null),
      about(5, 7),
      about(6, 9),
      about(7, 7),
    ];
    expect([...contextStarts(list)]).toEqual([2, 6, 7]);
  });
});
