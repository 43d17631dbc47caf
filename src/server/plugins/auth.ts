import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export const SESSION_COOKIE = 'ys_session';
const TOUCH_EVERY_MS = 60_000;

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest<
    RouteGeneric,
    RawServer,
    RawRequest,
    SchemaCompiler,
    TypeProvider,
    ContextConfig,
    Logger,
    RequestType,
  > {
    // The signed-in user, or null. In the handler of a route guarded by `config: signedIn` or
    // `config: adminOnly` (plugins/guards.ts) it is typed as present.
    user: ContextConfig extends { auth: 'user' | 'admin' } ? SessionUser : SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// Sessions live in the database (token hashed), so every app instance can serve every user.
export class SessionStore {
  private db: Db;
  private cfg: Config['session'];
  constructor(db: Db, cfg: Config['session']) {
    this.db = db;
    this.cfg = cfg;
  }

  async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.cfg.maxMs);
    await this.db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  async lookup(token: string): Promise<{ id: string; user: SessionUser } | null> {
    const id = hashToken(token);
    const now = new Date();
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, id),
          // A suspended account's sessions are deleted when it is suspended; this holds meanwhile
          // (and for any session another instance was creating at that moment). ADR 029.
          isNull(users.suspendedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - this.cfg.idleMs)),
        ),
      )
      .limit(1);
    if (!row) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    }
    return { id, user: row.user };
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  async purgeExpired(): Promise<void> {
    const now = new Date();
    await this.db
      .delete(sessions)
      .where(
        or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - this.cfg.idleMs))),
      );
  }
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; config: Config }) => {
    await app.register(cookie);
    const store = new SessionStore(opts.db, opts.config.session);
    app.decorate('sessions', store);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/sandbox/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const found = await store.lookup(token);
      if (found) {
        request.user = found.user;
        request.sessionId = found.id;
      }
    });
  },
  { name: 'auth' },
);
