import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginSchema,
  registerSchema,
  updateLanguageSchema,
  updateProfileSchema,
  userSchema,
} from '#shared/auth.ts';
import { errorResponses, errorSchema } from '#shared/errors.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/guards.ts';
import { authFormRoutes } from './auth.form.ts';
import { type AuthService, toPublicUser } from './auth.service.ts';
import { deviceCookieOf, setDeviceCookie } from './device-cookie.ts';

const errors = { ...errorResponses, 409: errorSchema, 429: errorSchema };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth: service }) => {
  // /auth's forms without the page's script (ADR 052), in a scope of their own (their body parser).
  await app.register(authFormRoutes, { auth: service });

  app.get(
    '/api/user',
    { schema: { response: { 200: userSchema, 401: errorSchema } } },
    async (request, reply) => {
      if (!request.user) return reply.status(401).send({ message: 'Not signed in', code: 'UNAUTHENTICATED' });
      return toPublicUser(request.user);
    },
  );

  app.post(
    '/api/register',
    { schema: { body: registerSchema, response: { 201: userSchema, ...errors } } },
    async (request, reply) => {
      const user = await service.register(request.body, request.ip);
      if (request.sessionId) await app.sessions.destroy(request.sessionId);
      const { token, expiresAt } = await app.sessions.create(user.id);
      setSessionCookie(request, reply, token, expiresAt);
      setDeviceCookie(request, reply, await service.deviceCookie(user));
      return reply.status(201).send(toPublicUser(user));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginSchema, response: { 200: userSchema, ...errors } } },
    async (request, reply) => {
      const user = await service.login(request.body, request.ip, deviceCookieOf(request));
      // A new token at every login: a token planted before sign-in is worthless after it.
      if (request.sessionId) await app.sessions.destroy(request.sessionId);
      const { token, expiresAt } = await app.sessions.create(user.id);
      setSessionCookie(request, reply, token, expiresAt);
      // And a new device cookie (ADR 056): this browser is one the account knows.
      setDeviceCookie(request, reply, await service.deviceCookie(user));
      return toPublicUser(user);
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request, reply) => {
      if (request.sessionId) await app.sessions.destroy(request.sessionId);
      clearSessionCookie(request, reply);
      return { message: 'Logged out' };
    },
  );

  app.patch(
    '/api/user',
    {
      config: signedIn,
      schema: { body: updateProfileSchema, response: { 200: userSchema, ...errors } },
    },
    async (request) => toPublicUser(await service.updateProfile(request.user.id, request.body)),
  );

  // The language switcher remembers a signed-in user's choice (ADR 031): their e-mails and
  // notifications follow it. PATCH /api/user accepts `language` too.
  app.put(
    '/api/users/me/language',
    {
      config: signedIn,
      schema: { body: updateLanguageSchema, response: { 200: userSchema, ...errors } },
    },
    async (request) =>
      toPublicUser(await service.updateProfile(request.user.id, { language: request.body.language })),
  );
};
