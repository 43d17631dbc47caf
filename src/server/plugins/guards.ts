import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../core/audit.ts';

// The two guards (ADR 035). A route declares who may call it in its config, `config: signedIn`
// or `config: adminOnly`; this plugin adds the guard to the route, and the type of `request.user`
// in its handler is then the user, never null (the FastifyRequest augmentation in auth.ts).
// - signed in: a 401 before the body is checked (a preValidation hook);
// - admin: anyone else gets the 404 of a path that does not exist, before anything is checked,
//   so the operator console's existence is not disclosed (ADR 029). Every /api/admin path is
//   guarded so, whether or not it matches a route.

export const ADMIN_PREFIX = '/api/admin';

const isAdminPath = (url: string) =>
  url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`) || url.startsWith(`${ADMIN_PREFIX}?`);

export const isAdmin = (request: FastifyRequest) =>
  request.user?.role === 'admin' && request.user.suspendedAt === null && request.user.deletedAt === null;

// The admin of a guarded admin route, as the audit log names them.
export const actorOf = (request: FastifyRequest): Actor => {
  const u = request.user!;
  return { id: u.id, username: u.username, name: u.name };
};

// The answer anyone but an admin gets on every /api/admin path, the same as for a path that does
// not exist.
export function hideAdmin(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0];
  return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
}

// fp: the hook covers every route of the app under /api/admin, whichever feature adds it.
// Registered before the features.
export const guardsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (isAdminPath(request.url) && !isAdmin(request)) return hideAdmin(request, reply);
    });
  },
  { name: 'guards', dependencies: ['auth'] },
);
