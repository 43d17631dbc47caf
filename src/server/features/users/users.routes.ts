import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#shared/errors.ts';
import { idParam } from '#shared/fields.ts';
import { publicUserSchema } from '#shared/messages.ts';
import { userProfileSchema } from '#shared/users.ts';
import type { UsersService } from './users.service.ts';

const routes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  // What the messages screen shows about the other party, and a host's face on a listing.
  app.get(
    '/api/users/:id',
    {
      schema: {
        params: z.object({ id: idParam('User id') }),
        response: { 200: publicUserSchema, ...errorResponses },
      },
    },
    async (request) => users.publicUser(request.user?.id ?? null, request.params.id),
  );

  // The public profile page (/users/{id}): anyone may see it; never a username or e-mail.
  app.get(
    '/api/users/:id/profile',
    {
      schema: {
        params: z.object({ id: idParam('User id') }),
        response: { 200: userProfileSchema, ...errorResponses },
      },
    },
    async (request) => users.profile(request.params.id, request.user?.id ?? null),
  );
};

export const usersRoutes = fp(routes, { name: 'users', dependencies: ['auth'] });
