import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Held } from './cache/byte-lru.ts';
import { publicCachePlugin, publicCacheServer } from './cache/public-cache.plugin.ts';
import { PublicCache } from './cache/public-cache.ts';
import { memberOf, sharesVisitorsAnswer } from './cache/public-cache-entry.ts';
import { ReadFeed } from './cache/read-feed.ts';
import type { Config } from './config.ts';
import { closeCpuPool } from './core/cpu-pool.ts';
import { setImageLimits } from './core/image-work.ts';
import { type DbHandle, openDatabase } from './db/client.ts';
import { pgliteSettings } from './db/pglite-process-options.ts';
import { sendNoRoute } from './errors.ts';
import { closeFeedPool } from './features/calendars/index.ts';
import { docsPlugin } from './features/docs/index.ts';
import type { PageRenderer } from './features/seo/index.ts';
import { createSeoService, languageRedirect, sendPage, seoPlugin } from './features/seo/index.ts';
import { createUploadStore, type UploadStore } from './features/uploads/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { loopbackRedirect } from './local-origin.ts';
import { loggerOptions } from './logger.ts';
import { MailDelivery } from './mail/delivery.ts';
import { devMailRoutes } from './mail/dev-mail.routes.ts';
import { createMailTransport } from './mail/transport.ts';
import { opsPlugin } from './ops/ops.plugin.ts';
import { requestId } from './ops/request-id.ts';
import { registerTracing } from './ops/tracing.ts';
import { authPlugin, SESSION_COOKIE } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { guardsPlugin } from './plugins/guards.ts';
import { securityPlugin } from './plugins/security.ts';
import { fastSerializerCompiler } from './plugins/serializer.ts';
import { scheduleJobs } from './schedule.ts';
import { buildServices, mountFeatures } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbHandle: DbHandle;
    readFeed: ReadFeed;
    // Every route registered, as method and URL pattern (the fuzz test walks them all).
    routeList: { method: string; url: string }[];
    jobs: JobQueue;
    // The e-mail outbox's sender (ADR 021): main.ts calls start(); tests call deliverDue(now).
    mail: MailDelivery;
    // Where the bytes of uploads live (ADR 026).
    uploadStore: UploadStore;
    // What each cache holds now against its byte budget (ADR 047), for /metrics.
    cachesHeld: () => Record<string, Held>;
  }
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

// The built client: <dist>/client beside the bundled <dist>/server, or dist/client at the package
// root when the server runs from src/ (dev and tests).
function clientDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, '..', 'client'), path.join(here, '..', '..', 'dist', 'client')];
  return candidates.find((c) => fs.existsSync(path.join(c, 'index.html'))) ?? null;
}

// The page pre-renderer built beside the client (<dist>/ssr/entry-server.js), if there is one.
async function loadRenderer(client: string | null): Promise<PageRenderer | null> {
  const file = client ? path.join(client, '..', 'ssr', 'entry-server.js') : null;
  if (!file || !fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as { render: PageRenderer };
  return mod.render;
}

// indexHtml: the HTML template pages are rendered from; defaults to the built client's index.html
// (tests pass a fixture, since they build without the client).
// renderer: pre-renders public pages for signed-out visitors; defaults to the built one beside the
// client (tests pass the source's).
export type BuildOptions = {
  config: Config;
  db?: DbHandle;
  logger?: boolean;
  // Where the log goes instead of stdout (tests read it).
  logStream?: NodeJS.WritableStream;
  serveClient?: boolean;
  indexHtml?: string;
  renderer?: PageRenderer | null;
  // The embedded database cannot be brought back (ADR 030): main.ts exits non-zero.
  onDatabaseFatal?: (reason: string) => void;
};

// Builds the whole app without listening. Tests pass their own database handle.
export async function buildApp({
  config,
  db,
  logger,
  logStream,
  serveClient = true,
  indexHtml,
  renderer,
  onDatabaseFatal,
}: BuildOptions): Promise<FastifyInstance> {
  // Image work within fixed bounds (ADR 047): process-wide, as libvips is.
  setImageLimits(config.images);
  // Anonymous public reads from ready bytes (ADR 025): hits are answered by the node server
  // before Fastify routes them.
  const publicCache = new PublicCache({
    enabled: config.publicCache,
    pages: Boolean(config.publicUrl),
    limits: { maxBytes: config.publicCacheMaxMb * 1024 * 1024 },
  });
  const app = Fastify({
    serverFactory: publicCacheServer(publicCache),
    logger: logger === false && !logStream ? false : loggerOptions(config, logStream),
    // A hop count trusts that many proxies nearest the app, as Fastify does for a number.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A sane X-Request-Id from the caller is the request's id (in every log line), else a UUID.
    requestIdHeader: false,
    genReqId: requestId,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  // Production writes responses from their JSON Schema; elsewhere Zod checks our output (ADR 027).
  app.setSerializerCompiler(config.env === 'production' ? fastSerializerCompiler : serializerCompiler);

  const handle =
    db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      pgliteSettings: pgliteSettings(config.pglite),
      onStall: ({ sql, ms }) =>
        app.log.error(
          { sql, ms },
          'a database statement ran past the statement timeout: the database thread is replaced',
        ),
      onFatal: (reason) => {
        app.log.fatal({ reason }, 'the embedded database is stuck');
        onDatabaseFatal?.(reason);
      },
    }));
  if (!db) await handle.migrate();
  app.decorate('config', config);
  app.decorate('dbHandle', handle);
  if (!db) app.addHook('onClose', async () => handle.close());
  // Opt-in OpenTelemetry (ADR 036): before every route, so each one is traced.
  await registerTracing(app, config.ops.tracing, handle.stats);
  await publicCache.attach(handle, app.log);
  // What the database says changed, for the session cache and the listing counts (ADR 041).
  const readFeed = new ReadFeed();
  await readFeed.attach(handle, app.log);
  app.decorate('readFeed', readFeed);
  // First: its hook answers hits before any other runs.
  await app.register(publicCachePlugin, { cache: publicCache });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    hsts: config.trustProxy !== false,
    mapTileUrl: config.map.tileUrl,
  });
  await app.register(authPlugin, { db: handle.db, config, feed: readFeed });
  // A signed-in member is answered the visitors' entry of a search or a detail when their answer
  // would be the same bytes (ADR 041).
  publicCache.sharesWithMember = (token, listingId) => {
    const found = app.sessions.peek(token);
    return found !== null && sharesVisitorsAnswer(memberOf(found.user, found), listingId);
  };
  // Before the routes: the OpenAPI document lists only routes registered after it.
  await app.register(docsPlugin, { publicUrl: config.publicUrl });

  // Healthy when the database answers `select 1` within 2 s (ADR 030).
  app.get('/api/health', async (_request, reply) => {
    if (await handle.probe(2000)) return { ok: true, database: 'ok' };
    return reply
      .status(503)
      .send({ ok: false, database: 'unhealthy', message: 'The database is not answering.' });
  });
  // Background work (ADR 016, 054): every job is registered in schedule.ts, after the services are
  // built; each kind's queue is made when first used; main.ts starts the workers; tests call
  // jobs.tick(now).
  const jobs = new JobQueue(handle, app.log, { maxIntervalMs: config.jobsMaxIntervalMs });
  const uploadStore = createUploadStore(config, handle.db);
  app.decorate('uploadStore', uploadStore);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // /metrics, /livez, /readyz and the request id header (ADR 033).
  await app.register(opsPlugin, { handle, ops: config.ops });
  const mail = new MailDelivery(handle, createMailTransport(config), config, app.log);
  app.decorate('mail', mail);
  app.addHook('onClose', async () => mail.close());
  // The calendar feeds' worker threads, if a feed was read, and the CPU pool's (ADR 055).
  app.addHook('onClose', async () => closeFeedPool());
  app.addHook('onClose', async () => closeCpuPool());
  // The admin guard, before any feature adds an /api/admin route (ADR 029, 035).
  await app.register(guardsPlugin);
  await app.register(devMailRoutes, { config });
  // Every service, built once, and the features' routes given theirs (the composition root,
  // services.ts; ADR 035).
  const services = buildServices({ app, handle, config, uploadStore, jobs });
  await mountFeatures(app, services, { config, uploadStore });
  // Every scheduled job, with the services it runs (schedule.ts).
  scheduleJobs(jobs, services, {
    db: handle.db,
    config,
    log: app.log,
    publicCache,
    sessions: app.sessions,
    uploadStore,
    mail,
  });

  const client = serveClient ? clientDir() : null;
  if (client) {
    await app.register(fastifyStatic, {
      root: client,
      wildcard: false,
      index: false,
      // The build's brotli and gzip copies (scripts/compress-client.mjs), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Page heads rendered on the server for crawlers and link previews, and /sitemap.xml.
  const template = indexHtml ?? (client ? path.join(client, 'index.html') : null);
  // The pages' service, once the client's build is known (its index.html and pre-renderer).
  const seo = createSeoService(
    handle.db,
    template,
    renderer === undefined ? await loadRenderer(client) : renderer,
    config.cacheBudgets.pagesBytes,
  );
  app.decorate('cachesHeld', () => ({
    public: { bytes: publicCache.totalBytes, entries: publicCache.size },
    sessions: app.sessions.cache?.held ?? { bytes: 0, entries: 0 },
    counts: services.listings.countsHeld,
    pages: seo.pagesHeld,
  }));
  await app.register(seoPlugin, { config, service: seo });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isPage =
      !(url.startsWith('/api/') || url === '/api') && (request.method === 'GET' || request.method === 'HEAD');
    // Another loopback name of this machine's PUBLIC_URL: that one address first (ADR 052).
    const local = isPage ? loopbackRedirect(config.publicUrl, request.headers.host, request.url) : null;
    if (local) return reply.header('cache-control', 'no-store').redirect(local, 302);
    const redirect = isPage ? languageRedirect(request) : null;
    if (redirect) {
      return reply.header('cache-control', 'no-cache').redirect(redirect.location, redirect.status);
    }
    const page = isPage
      ? await app.renderPage(request, { prerender: true }) // a member's too (ADR 058)
      : null;
    if (!page) {
      return sendNoRoute(request, reply);
    }
    // Client-side routes: the single-page app decides what to show; the head is already the page's own.
    reply.header('cache-control', 'no-cache');
    return sendPage(request, reply, page, { anonymous: !request.cookies[SESSION_COOKIE] });
  });

  return app;
}
