import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import type { SessionUser } from './auth.ts';
import { adminOnly, guardsPlugin, signedIn } from './guards.ts';

// A stand-in for the session plugin: the request's user comes from a header.
const fakeAuth = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const role = request.headers['x-role'];
      if (role === 'member' || role === 'admin')
        request.user = { id: 1, role, suspendedAt: null, deletedAt: null } as unknown as SessionUser;
    });
  },
  { name: 'auth' },
);

async function appWith(routes: (app: FastifyInstance) => void) {
  const app = Fastify();
  app.setErrorHandler((err: Error, _request, reply) => {
    const status = err instanceof HttpError ? err.statusCode : 500;
    return reply.status(status).send({ message: err.message });
  });
  await app.register(fakeAuth);
  await app.register(guardsPlugin);
  routes(app);
  await app.ready();
  return app;
}

describe('the guards (ADR 035)', () => {
  it('signedIn: 401 before the handler, the handler with the user', async () => {
    const app = await appWith((a) => {
      a.post('/api/thing', { config: signedIn }, async (request) => ({ id: request.user.id }));
    });
    expect((await app.inject({ method: 'POST', url: '/api/thing' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'POST', url: '/api/thing', headers: { 'x-role': 'member' } });
    expect(res.json()).toEqual({ id: 1 });
  });

  it('adminOnly: the 404 of a missing path to anyone but an admin', async () => {
    const app = await appWith((a) => {
      a.get('/api/admin/thing', { config: adminOnly }, async () => ({ ok: true }));
    });
    const member = await app.inject({ url: '/api/admin/thing', headers: { 'x-role': 'member' } });
    expect(member.statusCode).toBe(404);
    expect(member.json()).toEqual({ message: 'Not found: GET /api/admin/thing', code: 'NOT_FOUND' });
    const admin = await app.inject({ url: '/api/admin/thing', headers: { 'x-role': 'admin' } });
    expect(admin.json()).toEqual({ ok: true });
  });

  it('refuses to build an admin route that does not say adminOnly, or an adminOnly route elsewhere', async () => {
    await expect(
      appWith((a) => {
        a.get('/api/admin/unguarded', async () => ({}));
      }),
    ).rejects.toThrow(/adminOnly/);
    await expect(
      appWith((a) => {
        a.get('/api/elsewhere', { config: adminOnly }, async () => ({}));
      }),
    ).rejects.toThrow(/adminOnly/);
  });
});
