import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema, idParam } from '#shared/errors.ts';
import { conversationSchema, markReadSchema, messageSchema, sendMessageSchema } from '#shared/messages.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { MessageHub } from './message-hub.ts';
import { forReader, type MessagesService } from './messages.service.ts';
import { replayMissed, startReplay } from './resume.ts';

const errors = errorResponses;
const userIdParams = z.object({
  userId: idParam('User id'),
});
const _idParams = z.object({
  id: idParam('User id'),
});

const routes: FastifyPluginAsyncZod<{ messages: MessagesService; hub: MessageHub }> = async (
  app,
  { messages: service, hub },
) => {
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => hub.close());

  // A user's profile as the messages screen shows the other party: public fields for anyone,
  // username and full name only for the user themself and their conversation partners.
  app.post(
    '/api/messages',
    {
      config: signedIn,
      schema: { body: sendMessageSchema, response: { 201: messageSchema, ...errors } },
    },
    async (request, reply) => {
      const { toUserId, content, bookingId, listingId } = request.body;
      const message = await service.send(
        request.user.id,
        toUserId,
        content,
        bookingId ?? null,
        listingId ?? null,
      );
      // The message is stored; a failed notification only delays it until the next poll.
      await hub.publishMessage(message).catch((err) => request.log.warn({ err }, 'message notify failed'));
      return reply.status(201).send(forReader(message, request.user.id));
    },
  );

  app.get(
    '/api/messages/conversations',
    { config: signedIn, schema: { response: { 200: z.array(conversationSchema), ...errors } } },
    async (request) => service.conversations(request.user.id),
  );

  // Server-Sent Events for the session user's open tabs: new messages and unread counts, and the
  // notifications (events notification and notificationsUnread) for the bell.
  app.get(
    '/api/messages/stream',
    { config: signedIn, schema: { response: { 401: errorSchema, 503: errorSchema } } },
    async (request, reply) => {
      await hub.ensureListening();
      if (!hub.healthy)
        return reply
          .status(503)
          .send({ message: 'Live updates are unavailable right now', code: 'STREAM_UNAVAILABLE' });
      const userId = request.user.id;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      res.flushHeaders?.();
      const client = hub.add(userId, res);
      res.on('close', () => hub.remove(client));
      // A reconnecting EventSource names the last message it got: what it missed comes first.
      const lastId = Number(request.headers['last-event-id']);
      const resume = Number.isSafeInteger(lastId) && lastId > 0;
      if (resume) startReplay(client);
      // Through the queue, so the first count is never newer than a message event behind it.
      hub.enqueue(async () => {
        if (resume) await replayMissed(hub, service, client, lastId);
        hub.send(client, 'ready', await hub.readyCounts(userId));
      });
    },
  );

  app.get(
    '/api/messages/:userId',
    {
      config: signedIn,
      schema: { params: userIdParams, response: { 200: z.array(messageSchema), ...errors } },
    },
    async (request) => service.thread(request.user.id, request.params.userId),
  );

  // Marks the thread with that user read (a GET never changes state).
  app.post(
    '/api/messages/:userId/read',
    {
      config: signedIn,
      schema: { params: userIdParams, response: { 200: markReadSchema, ...errors } },
    },
    async (request) => {
      const me = request.user.id;
      const marked = await service.markRead(me, request.params.userId);
      if (marked) await hub.publishRead(me).catch((err) => request.log.warn({ err }, 'read notify failed'));
      return { marked };
    },
  );
};

export const messagesRoutes = fp(routes, { name: 'messages', dependencies: ['auth', 'notifications'] });
