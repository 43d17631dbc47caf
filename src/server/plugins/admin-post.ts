import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#shared/errors.ts';
import { type AdminActionResult, adminActionResultSchema } from '#shared/moderation.ts';
import type { Actor } from '../features/admin/queries.ts';
import { actorOf, adminOnly, type GuardedRequest } from './guards.ts';

// An operator's decision on one record of another feature: POST <path with :id> under /api/admin,
// a body with the reason, answered with the audit entry. Admins only (plugins/guards.ts).
export function adminPost<B extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  opts: { idName: string; body: B; errors: Record<number, z.ZodType> },
  act: (actor: Actor, id: number, body: z.infer<B>, request: GuardedRequest) => Promise<AdminActionResult>,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    path,
    {
      config: adminOnly,
      schema: {
        params: z.object({ id: idParam(opts.idName) }),
        body: opts.body,
        response: { 200: adminActionResultSchema, ...opts.errors },
      },
    },
    async (request) => act(actorOf(request), request.params.id, request.body as z.infer<B>, request),
  );
}
