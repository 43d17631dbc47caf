import type { MessageHub, StreamClient } from './message-hub.ts';
import type { MessagesService } from './messages.service.ts';

// A reconnecting stream gets at most this many missed messages; the client refetches on ready.
const REPLAY_MAX = 500;
// Message ids written live to a stream while its replay waits, and the ids its replay wrote.
const writtenLive = new WeakMap<StreamClient, Set<number>>();
const replayed = new WeakMap<StreamClient, Set<number>>();

// Resumes a stream that reconnected with Last-Event-ID (ADR 036): every message to or from its
// user after that id, oldest first, each once. Call startReplay when the stream opens, then
// replayMissed through the hub's queue, before ready.
export const startReplay = (client: StreamClient) => writtenLive.set(client, new Set());

// The hub asks before writing a message live: false when the replay wrote it already (its
// notice can arrive after the replay read it).
export function liveMessage(client: StreamClient, id: number): boolean {
  if (replayed.get(client)?.has(id)) return false;
  writtenLive.get(client)?.add(id);
  return true;
}

export async function replayMissed(
  hub: MessageHub,
  service: MessagesService,
  client: StreamClient,
  afterId: number,
): Promise<void> {
  const missed = await service.since(client.userId, afterId, REPLAY_MAX);
  const unreadCount = missed.length ? await service.unreadCount(client.userId) : 0;
  const live = writtenLive.get(client);
  writtenLive.delete(client);
  const sent = new Set<number>();
  for (const message of missed)
    if (!live?.has(message.id)) {
      hub.send(client, 'message', { message, unreadCount }, message.id);
      sent.add(message.id);
    }
  replayed.set(client, sent);
}
