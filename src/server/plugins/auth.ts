import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ReadFeed } from '../cache/read-feed.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  deleteSession,
  insertSession,
  liveSession,
  purgeExpiredSessions,
  touchSession,
} from '../features/auth/queries.ts';
import { inAnyBlock } from '../features/blocks/queries.ts';
import { listingsAddressShownTo } from '../features/bookings/queries.ts';
import { listingIdsOf } from '../features/listings/queries.ts';
import { type UserRow, unsuspendedUsers } from '../features/users/queries.ts';
import { type CachedSession, SessionCache } from './session-cache.ts';

export const SESSION_COOKIE = 'ys_session';
const TOUCH_EVERY_MS = 60_000;

export type SessionUser = UserRow;

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
    // Whether the signed-in user is on either side of a block (true unless the session said no):
    // a search by a user without blocks is the same as a visitor's (ADR 041).
    viewerBlocks: boolean;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type FoundSession = {
  id: string;
  user: SessionUser;
  blocks: boolean;
  personalListings: ReadonlySet<number>;
};

// Sessions live in the database (token hashed), so every app instance can serve every user; the
// ones in use are also kept in this process for a short while (ADR 041).
export class SessionStore {
  private db: Db;
  private cfg: Config['session'];
  readonly cache: SessionCache<SessionUser> | null;
  constructor(db: Db, cfg: Config['session'], cache: SessionCache<SessionUser> | null = null) {
    this.db = db;
    this.cfg = cfg;
    this.cache = cache;
  }

  async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.cfg.maxMs);
    await insertSession(this.db, { id: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  // The cached session behind a token, with no round trip to the database: for callers that have
  // just passed the read feed's barrier (the public cache's hits). Moves its idle clock.
  peek(token: string): FoundSession | null {
    const cache = this.cache;
    if (!cache?.usable) return null;
    const e = cache.peek(hashToken(token), Date.now(), this.cfg.idleMs);
    // A failed write of the idle clock is retried on the next request a minute on.
    if (e) this.touch(e).catch(() => undefined);
    return e;
  }

  async lookup(token: string): Promise<FoundSession | null> {
    const id = hashToken(token);
    const cache = this.cache;
    if (cache?.usable && (await cache.feed.barrier())) {
      const e = cache.peek(id, Date.now(), this.cfg.idleMs);
      if (e) {
        cache.stats.hits++;
        await this.touch(e);
        return e;
      }
      cache.stats.misses++;
    }
    const gen = cache?.gen ?? 0;
    const now = new Date();
    const session = liveSession(id, now, new Date(now.getTime() - this.cfg.idleMs));
    // A suspended account's sessions are deleted when it is suspended; the join holds meanwhile
    // (and for any session another instance was creating at that moment). ADR 029.
    const account = unsuspendedUsers();
    // Their own listings and those their booking shows the address of (ADR 038, 041).
    const own = listingIdsOf(account.id);
    const shown = listingsAddressShownTo(account.id);
    const [row] = await this.db
      .select({
        session: { expiresAt: session.expiresAt, lastSeenAt: session.lastSeenAt },
        user: account._.selectedFields,
        blocks: inAnyBlock(account.id),
        personal: sql<number[]>`array(${own} union ${shown})`,
      })
      .from(session)
      .innerJoin(account, eq(account.id, session.userId))
      .limit(1);
    if (!row) return null;
    const entry: CachedSession<SessionUser> = {
      id,
      user: row.user,
      blocks: Boolean(row.blocks),
      personalListings: new Set((row.personal ?? []).map(Number)),
      expiresAt: row.session.expiresAt.getTime(),
      lastSeenAt: row.session.lastSeenAt.getTime(),
      storedAt: now.getTime(),
    };
    await this.touch(entry);
    cache?.store(gen, entry);
    return entry;
  }

  // The session's last activity, written at most once a minute.
  private async touch(e: CachedSession<SessionUser>): Promise<void> {
    const now = Date.now();
    if (now - e.lastSeenAt <= TOUCH_EVERY_MS) return;
    e.lastSeenAt = now;
    await touchSession(this.db, e.id, new Date(now));
  }

  async destroy(sessionId: string): Promise<void> {
    await deleteSession(this.db, sessionId);
  }

  async purgeExpired(): Promise<void> {
    const now = new Date();
    await purgeExpiredSessions(this.db, now, new Date(now.getTime() - this.cfg.idleMs));
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
  async (app: FastifyInstance, opts: { db: Db; config: Config; feed: ReadFeed }) => {
    await app.register(cookie);
    const cache = new SessionCache<SessionUser>(
      opts.feed,
      opts.config.sessionCacheMs,
      opts.config.cacheBudgets.sessionsBytes,
    );
    const store = new SessionStore(opts.db, opts.config.session, cache);
    app.decorate('sessions', store);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('viewerBlocks', true);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/sandbox/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const found = await store.lookup(token);
      if (found) {
        request.user = found.user;
        request.sessionId = found.id;
        request.viewerBlocks = found.blocks;
      }
    });
  },
  { name: 'auth' },
);
