import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#shared/errors.ts';
import { type AdminActionResult, adminActionResultSchema } from '#shared/moderation.ts';
import type { Actor } from '../core/audit.ts';
import { actorOf, hideAdmin, isAdmin } from './guards.ts';

// An operator's decision on one record of another feature: POST <path with :id>, a body with the
// reason, answered with the audit entry. The admin guard answers first; the check is repeated here
// so it holds if the route ever moves out of the guard's reach.
export function adminPost<B extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  opts: { idName: string; body: B; errors: Record<number, z.ZodType> },
  act: (actor: Actor, id: number, body: z.infer<B>, request: FastifyRequest) => Promise<AdminActionResult>,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    path,
    {
      schema: {
        params: z.object({ id: idParam(opts.idName) }),
        body: opts.body,
        response: { 200: adminActionResultSchema, ...opts.errors },
      },
    },
    async (request, reply) => {
      if (!isAdmin(request)) return hideAdmin(request, reply);
      return act(actorOf(request), request.params.id, request.body as z.infer<B>, request);
    },
  );
}
