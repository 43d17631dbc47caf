import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '#shared/errors.ts';
import { blockedUserSchema, blockedUsersSchema, blockUserSchema } from '#shared/moderation.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { BlocksService } from './blocks.service.ts';

const errors = errorResponses;

// Blocking another user (ADR 029). The effects live in the features that check blockedBetween().
const routes: FastifyPluginAsyncZod<{ blocks: BlocksService }> = async (app, { blocks: service }) => {
  app.get(
    '/api/blocks',
    { config: signedIn, schema: { response: { 200: blockedUsersSchema, ...errors } } },
    async (request) => service.list(request.user.id),
  );

  app.post(
    '/api/blocks',
    {
      config: signedIn,
      schema: {
        body: blockUserSchema,
        response: { 200: blockedUserSchema, 201: blockedUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { block, created } = await service.block(request.user.id, request.body.userId);
      return reply.status(created ? 201 : 200).send(block);
    },
  );

  app.delete(
    '/api/blocks/:userId',
    {
      config: signedIn,
      schema: {
        params: z.object({ userId: idParam('User id') }),
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const removed = await service.unblock(request.user.id, request.params.userId);
      return { message: removed ? 'User unblocked' : 'This user was not blocked' };
    },
  );
};

export const blocksRoutes = fp(routes, { name: 'blocks', dependencies: ['auth'] });
