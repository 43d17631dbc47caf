import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorSchema } from '#shared/errors.ts';
import { type DbHandle, migrationsFolder } from '../db/client.ts';
import { registerBackups } from './backup/schedule.ts';
import { allowList, isAllowed, type OpsConfig } from './config.ts';
import { marketplaceGauges } from './marketplace.ts';
import { createMetrics } from './metrics.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

declare module 'fastify' {
  interface FastifyInstance {
    // Operations state (ADR 033): draining is set on SIGTERM, and /readyz then answers 503.
    ops: { draining: boolean };
  }
}

// The database must answer within this bound for /readyz and for the marketplace figures.
export const READY_DB_TIMEOUT_MS = 2000;

const hashed = (s: string) => createHash('sha256').update(s).digest();

// The newest migration this build knows, as drizzle records it (the journal's `when`).
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'));
  return Math.max(0, ...(journal.entries as { when: number }[]).map((e) => e.when));
}

// The newest migration applied, or null when the database did not answer in time.
async function appliedMigration(handle: DbHandle): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const query = handle.db
    .execute(sql`select coalesce(max(created_at), 0) as last from drizzle.__drizzle_migrations`)
    .then((r) => Number((r as unknown as { rows: { last: unknown }[] }).rows[0]?.last ?? 0));
  query.catch(() => {});
  try {
    return await Promise.race([
      query,
      new Promise<null>((r) => {
        timer = setTimeout(() => r(null), READY_DB_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const unavailable = (reply: FastifyReply, message: string) =>
  reply.status(503).header('cache-control', 'no-store').send({ message });

export const opsPlugin = fp(
  async (app: FastifyInstance, { handle, ops }: { handle: DbHandle; ops: OpsConfig }) => {
    app.decorate('ops', { draining: false });
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
    const hidden = { hide: true, response: { 503: errorSchema } };

    // Alive: the process answers. No dependency, so a slow database never gets it restarted.
    app.get('/livez', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ ok: true }),
    );

    // Ready for traffic: not draining, the database answers within 2 s, and its migrations are
    // at least those this build ships.
    const expected = newestMigration();
    app.get('/readyz', { schema: hidden }, async (_request, reply) => {
      if (app.ops.draining) return unavailable(reply, 'This instance is shutting down.');
      const applied = await appliedMigration(handle);
      if (app.ops.draining) return unavailable(reply, 'This instance is shutting down.');
      if (applied === null) return unavailable(reply, 'The database is not answering.');
      if (applied < expected) return unavailable(reply, 'The database migrations are not applied yet.');
      return reply.header('cache-control', 'no-store').send({ ok: true });
    });

    if (!ops.metricsEnabled) {
      registerBackups(app, handle, null);
      return;
    }
    const metrics = createMetrics({
      db: handle.stats,
      streamsOpen: () => app.messageHub?.clientCount ?? 0,
      cache: app.publicCache.stats,
      cacheHeld: () => ({ bytes: app.publicCache.totalBytes, entries: app.publicCache.size }),
      // Decorated once the services are built, after this plugin.
      cachesHeld: () => (app.hasDecorator('cachesHeld') ? app.cachesHeld() : {}),
      draining: () => app.ops.draining,
    });
    const refresh = marketplaceGauges(metrics.register, handle.db, () => app.jobs.names());
    // Scheduled backups, `npm run backup` on PGlite, and the backups' age (ADR 036).
    registerBackups(app, handle, metrics.register);
    app.jobs.onRun = metrics.observeJob;
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (/api/listings/:id), never the raw URL; unmatched: the 404 handler,
      // which also renders the client's own pages.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    // Only for METRICS_ALLOW addresses (as Fastify reports them: X-Forwarded-For counts only
    // from TRUST_PROXY proxies) or with METRICS_TOKEN as a bearer token.
    const allowed = allowList(ops.metricsAllow);
    const token = ops.metricsToken ? hashed(ops.metricsToken) : null;
    const access = (request: FastifyRequest): 200 | 401 | 403 => {
      if (isAllowed(allowed, request.ip)) return 200;
      const auth = request.headers.authorization;
      const given = typeof auth === 'string' && /^bearer /i.test(auth) ? auth.slice(7).trim() : '';
      if (!given) return token ? 401 : 403;
      return token && timingSafeEqual(hashed(given), token) ? 200 : 403;
    };
    app.get(
      '/metrics',
      { schema: { hide: true, response: { 401: errorSchema, 403: errorSchema } } },
      async (request, reply) => {
        const status = access(request);
        if (status === 401)
          return reply
            .status(401)
            .header('www-authenticate', 'Bearer')
            .send({ message: 'Metrics need a bearer token.' });
        if (status === 403) return reply.status(403).send({ message: 'Metrics are not open to you.' });
        await refresh(READY_DB_TIMEOUT_MS);
        return reply
          .header('content-type', metrics.register.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.register.metrics());
      },
    );
  },
  { name: 'ops', dependencies: ['public-cache'] },
);
