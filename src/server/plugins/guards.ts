import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { sendNoRoute, unauthorized } from '../errors.ts';
import type { Actor } from '../features/admin/queries.ts';
import type { SessionUser } from './auth.ts';

// The two guards (ADR 035). A route declares who may call it in its config, `config: signedIn`
// or `config: adminOnly`, and nothing else: this plugin guards it, and the type of `request.user`
// in its handler is then the user, never null (the FastifyRequest augmentation in auth.ts).
// - signedIn: requireUser, a 401 before the body is checked (a preValidation hook);
// - adminOnly: requireAdmin, the 404 of a path that does not exist to anyone but an admin, before
//   anything is checked, so the operator console's existence is not disclosed (ADR 029). It is one
//   hook on the whole /api/admin subtree, so a path that matches no route is hidden the same way;
//   an admin route must live there, and a route there must say adminOnly (checked at start).
export const signedIn = { auth: 'user' } as const;
export const adminOnly = { auth: 'admin' } as const;

// A request that passed a guard.
export type GuardedRequest = FastifyRequest & { user: SessionUser };

export const ADMIN_PREFIX = '/api/admin';

const isAdminPath = (url: string) =>
  url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`) || url.startsWith(`${ADMIN_PREFIX}?`);

export const isAdmin = (request: FastifyRequest) =>
  request.user?.role === 'admin' && request.user.suspendedAt === null && request.user.deletedAt === null;

// The admin of a guarded admin route, as the audit log names them.
export const actorOf = ({ user }: { user: SessionUser }): Actor => ({
  id: user.id,
  username: user.username,
  name: user.name,
});

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (isAdminPath(request.url) && !isAdmin(request)) return hideAdmin(request, reply);
}

const authOf = (route: RouteOptions) => (route.config as { auth?: 'user' | 'admin' } | undefined)?.auth;

// Whether the route's handler runs only for a signed-in user (the OpenAPI document marks it).
export const needsUser = (route: RouteOptions) => authOf(route) === 'user';

// The answer anyone but an admin gets on every /api/admin path, the same as for a path that does
// not exist.
export const hideAdmin = sendNoRoute;

// fp: the hooks cover every route of the app, whichever feature adds it. Registered before the
// features' routes.
export const guardsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onRoute', (route) => {
      const auth = authOf(route);
      if (isAdminPath(route.url) !== (auth === 'admin')) {
        throw new Error(`${route.url}: an admin route lives under ${ADMIN_PREFIX} with config: adminOnly`);
      }
      if (auth === 'user') route.preValidation = [requireUser, route.preValidation ?? []].flat();
    });
  },
  { name: 'guards', dependencies: ['auth'] },
);
