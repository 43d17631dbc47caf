import type { MessageHub, StreamClient } from './message-hub.ts';
import type { MessagesService } from './messages.service.ts';

// A reconnecting stream gets at most this many missed messages; the client refetches on ready.
const REPLAY_MAX = 500;
// The message ids written to a stream while its replay waits (the hub's send adds them).
export const replaying = new WeakMap<StreamClient, Set<number>>();

// Resumes a stream that reconnected with Last-Event-ID (ADR 036): every message to or from its
// user after that id, oldest first, but those already written to it since it opened. Call
// startReplay when the stream opens, then replayMissed through the hub's queue, before ready.
export const startReplay = (client: StreamClient) => replaying.set(client, new Set());

export async function replayMissed(
  hub: MessageHub,
  service: MessagesService,
  client: StreamClient,
  afterId: number,
): Promise<void> {
  const missed = await service.since(client.userId, afterId, REPLAY_MAX);
  const unreadCount = missed.length ? await service.unreadCount(client.userId) : 0;
  const sent = replaying.get(client);
  replaying.delete(client);
  for (const message of missed)
    if (!sent?.has(message.id)) hub.send(client, 'message', { message, unreadCount }, message.id);
}
