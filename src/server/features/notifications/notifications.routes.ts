import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '#shared/errors.ts';
import {
  markNotificationsReadSchema,
  notificationKindSchema,
  notificationPageSchema,
  notificationPrefsSchema,
  notificationsQuerySchema,
  notificationsReadResultSchema,
  unreadCountSchema,
  updateNotificationPrefsSchema,
} from '#shared/notifications.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { Unsubscribe } from './notifications.mail.ts';
import type { NotificationsService } from './notifications.service.ts';

const errors = errorResponses;
const tokenQuery = z.object({ token: z.string().max(200, 'This unsubscribe link is not valid') });
const unsubscribeResult = z.object({
  message: z.string(),
  kind: z.union([notificationKindSchema, z.literal('all')]),
});

const routes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  unsubscribe: Unsubscribe;
}> = async (app, { notifications: service, unsubscribe }) => {
  app.addHook('onReady', async () => {
    await unsubscribe.prepare();
  });

  app.get(
    '/api/notifications',
    {
      config: signedIn,
      schema: { querystring: notificationsQuerySchema, response: { 200: notificationPageSchema, ...errors } },
    },
    async (request) => service.list(request.user.id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: signedIn, schema: { response: { 200: unreadCountSchema, ...errors } } },
    async (request) => ({ count: await service.unreadCount(request.user.id) }),
  );

  // Some ({ids}) or all ({all: true}) of the user's own; the other tabs' bells follow.
  app.post(
    '/api/notifications/read',
    {
      config: signedIn,
      schema: {
        body: markNotificationsReadSchema,
        response: { 200: notificationsReadResultSchema, ...errors },
      },
    },
    async (request) => service.markRead(request.user.id, request.body),
  );

  app.get(
    '/api/notifications/preferences',
    { config: signedIn, schema: { response: { 200: notificationPrefsSchema, ...errors } } },
    async (request) => service.preferences(request.user.id),
  );

  app.put(
    '/api/notifications/preferences',
    {
      config: signedIn,
      schema: { body: updateNotificationPrefsSchema, response: { 200: notificationPrefsSchema, ...errors } },
    },
    async (request) => service.setPreferences(request.user.id, request.body),
  );

  // One-click unsubscribe (RFC 8058). Mail providers POST `List-Unsubscribe=One-Click` as a form,
  // from their servers, without cookies: the signed token is the only authority, so the route is
  // open to cross-site requests (see security.ts). A GET only says what the link would do.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/unsubscribe',
      { schema: { querystring: tokenQuery, response: { 200: unsubscribeResult, 400: errorSchema } } },
      async (request) => unsubscribe.describe(request.query.token),
    );
    r.post(
      '/api/unsubscribe',
      {
        config: { crossSite: true },
        schema: {
          querystring: tokenQuery,
          body: z
            .object({ 'List-Unsubscribe': z.literal('One-Click', 'Expected List-Unsubscribe=One-Click') })
            .partial()
            .nullish(),
          response: { 200: unsubscribeResult, 400: errorSchema },
        },
      },
      async (request) => unsubscribe.apply(request.query.token),
    );
  });
};

export const notificationsRoutes = fp(routes, { name: 'notifications', dependencies: ['auth'] });
