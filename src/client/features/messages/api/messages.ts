import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONVERSATIONS_POLL_MS, THREAD_POLL_MS } from '#shared/constants.ts';
import type { Conversation, Message, PublicUser, SendMessageInput } from '#shared/messages.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useStreamStatus } from './stream-status.ts';

export const conversationsQuery = queryOptions<Conversation[]>({ queryKey: ['/api/messages/conversations'] });
export const threadQuery = (userId: number) =>
  queryOptions<Message[]>({ queryKey: ['/api/messages', String(userId)] });
export const publicUserQuery = (userId: number) =>
  queryOptions<PublicUser>({ queryKey: ['/api/users', String(userId)] });

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

// The sidebar filter: name or username, any case.
export function matchesFilter(c: { user: { name: string; username: string } }, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  return !f || c.user.name.toLowerCase().includes(f) || c.user.username.toLowerCase().includes(f);
}

// Adds messages to a cached thread: once each, in server sequence.
export function mergeMessages(list: Message[] | undefined, incoming: Message[]): Message[] {
  const byId = new Map((list ?? []).map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function addToThread(qc: QueryClient, otherUserId: number, message: Message) {
  const key = threadQuery(otherUserId).queryKey;
  if (qc.getQueryData(key) === undefined) return;
  qc.setQueryData<Message[]>(key, (old) => mergeMessages(old, [message]));
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendMessageInput) =>
      (await apiRequest('POST', '/api/messages', input)).json() as Promise<Message>,
    onSuccess: (message) => {
      addToThread(qc, message.toUserId, message);
      void qc.invalidateQueries({ queryKey: threadQuery(message.toUserId).queryKey });
      void qc.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
    onError: (err) =>
      toast({
        title: 'Failed to send message',
        description: errorMessage(err, 'Please try again'),
        variant: 'destructive',
      }),
  });
}
