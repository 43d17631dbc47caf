import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiQuery, apiRequest, readJson } from '#client/lib/api.ts';
import { CONVERSATIONS_POLL_MS, THREAD_POLL_MS } from '#shared/constants.ts';
import type { Conversation, Message } from '#shared/messages.ts';
import { useStreamStatus } from './stream-status.ts';

export const conversationsQuery = apiQuery(['/api/messages/conversations'], 'conversations');
export const threadQuery = (userId: number) => apiQuery(['/api/messages', String(userId)], 'thread');
export const publicUserQuery = (userId: number) => apiQuery(['/api/users', String(userId)], 'publicUser');

// The spec's polling (conversations 10 s, open thread 5 s) runs only while the live stream is down.
export function useConversations(enabled = true) {
  const live = useStreamStatus() === 'open';
  return useQuery({ ...conversationsQuery, enabled, refetchInterval: live ? false : CONVERSATIONS_POLL_MS });
}

export function useThread(userId: number | null) {
  const live = useStreamStatus() === 'open';
  return useQuery({
    ...threadQuery(userId ?? 0),
    enabled: userId !== null,
    refetchInterval: live ? false : THREAD_POLL_MS,
  });
}

export function usePublicUser(userId: number | null) {
  return useQuery({ ...publicUserQuery(userId ?? 0), enabled: userId !== null });
}

// The booking a thread's new messages are about (?booking=), under the bookings screens' key.
export const bookingContextQuery = (bookingId: number) =>
  apiQuery(['/api/bookings', String(bookingId)], 'bookingDetail');

export type BookingContext = { id: number; listingTitle: string | null };

// The context the composer sends: only a booking between me and the other user. Its title shows
// once loaded; a booking that is not theirs (or not found) is dropped, so a stale link still sends.
export function useBookingContext(
  bookingId: number | null,
  meId: number,
  otherId: number,
): BookingContext | null {
  const { data, isError } = useQuery({ ...bookingContextQuery(bookingId ?? 0), enabled: bookingId !== null });
  if (bookingId === null || isError) return null;
  if (!data) return { id: bookingId, listingTitle: null };
  const parties = [data.grower.id, data.host.id];
  return parties.includes(meId) && parties.includes(otherId)
    ? { id: data.id, listingTitle: data.listingTitle }
    : null;
}

// The listing a thread is about (ADR 052): ?listing= from the listing's "Contact Host" (while it is
// one of the two users' listings, under the listing page's own key), else the latest message's.
export type ListingContext = { id: number; title: string };

export function useListingContext(
  listingId: number | null,
  meId: number,
  otherId: number,
  messages: Message[],
): { listing: ListingContext | null; sendsListing: boolean } {
  const { data } = useQuery({
    ...apiQuery(['/api/listings', String(listingId ?? 0)], 'listingDetail'),
    enabled: listingId !== null,
  });
  if (data && [meId, otherId].includes(data.userId))
    return { listing: { id: data.id, title: data.title }, sendsListing: true };
  const latest = messages.findLast((m) => m.listing)?.listing ?? null;
  return { listing: latest, sendsListing: false };
}

// The messages that start a new booking context: the first about a booking other than the last named.
export function contextStarts(list: Message[]): Set<number> {
  const starts = new Set<number>();
  let current: number | null = null;
  for (const m of list) {
    if (!m.booking || m.booking.id === current) continue;
    current = m.booking.id;
    starts.add(m.id);
  }
  return starts;
}

// The sidebar filter: name or username, any case.
export function matchesFilter(c: { user: { name: string; username?: string } }, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  return !f || c.user.name.toLowerCase().includes(f) || Boolean(c.user.username?.toLowerCase().includes(f));
}

// Adds messages to a cached thread: once each, in server sequence.
export function mergeMessages(list: Message[] | undefined, incoming: Message[]): Message[] {
  const byId = new Map((list ?? []).map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

// Returns false when the thread is not cached (nothing to add to).
export function addToThread(qc: QueryClient, otherUserId: number, message: Message): boolean {
  const key = threadQuery(otherUserId).queryKey;
  if (qc.getQueryData(key) === undefined) return false;
  qc.setQueryData<Message[]>(key, (old) => mergeMessages(old, [message]));
  return true;
}

// The id of the newest unread message from the other party, or 0.
export function newestUnreadFrom(list: Message[] | undefined, otherUserId: number): number {
  let id = 0;
  for (const m of list ?? []) if (m.fromUserId === otherUserId && !m.read && m.id > id) id = m.id;
  return id;
}

// Marks messages up to upTo from the other party read in the cache, and the conversation's count 0.
export function markReadInCache(qc: QueryClient, otherUserId: number, upTo: number) {
  qc.setQueryData<Message[]>(threadQuery(otherUserId).queryKey, (old) =>
    old?.map((m) => (m.fromUserId === otherUserId && !m.read && m.id <= upTo ? { ...m, read: true } : m)),
  );
  qc.setQueryData<Conversation[]>(conversationsQuery.queryKey, (old) =>
    old?.map((c) => (c.userId === otherUserId ? { ...c, unreadCount: 0 } : c)),
  );
}

// While a thread is open: marks it read on the server when it opens and whenever a new message
// from the other party shows up in it.
export function useMarkThreadRead(otherUserId: number, messages: Message[] | undefined) {
  const qc = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: async ({ otherId }: { otherId: number; upTo: number }) =>
      readJson(await apiRequest('POST', `/api/messages/${otherId}/read`), 'markRead'),
    onSuccess: (_result, { otherId, upTo }) => markReadInCache(qc, otherId, upTo),
  });
  const done = useRef<{ otherId: number; upTo: number } | null>(null);
  const loaded = messages !== undefined;
  const newest = newestUnreadFrom(messages, otherUserId);
  useEffect(() => {
    if (!loaded) return;
    const prev = done.current;
    if (prev?.otherId === otherUserId && newest <= prev.upTo) return;
    const next = { otherId: otherUserId, upTo: newest };
    done.current = next;
    // A failed call is tried again on the next change.
    mutate(next, {
      onError: () => {
        if (done.current === next) done.current = null;
      },
    });
  }, [loaded, newest, otherUserId, mutate]);
}
