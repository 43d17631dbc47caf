import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DbHandle, openDatabase } from './db/client.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbHandle: DbHandle;
  }
}

// The built client: <dist>/client beside the bundled <dist>/server, or dist/client at the package
// root when the server runs from src/ (dev and tests).
function clientDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, '..', 'client'), path.join(here, '..', '..', 'dist', 'client')];
  return candidates.find((c) => fs.existsSync(path.join(c, 'index.html'))) ?? null;
}

const PRIVATE_PATHS = ['/api/', '/profile', '/messages', '/create-listing', '/auth', '/payment/', '/sandbox/'];

export type BuildOptions = { config: Config; db?: DbHandle; logger?: boolean; serveClient?: boolean };

// Builds the whole app without listening. Tests pass their own database handle.
export async function buildApp({ config, db, logger, serveClient = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!db) await handle.migrate();
  app.decorate('config', config);
  app.decorate('dbHandle', handle);
  if (!db) app.addHook('onClose', async () => handle.close());

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { publicUrl: config.publicUrl, hsts: config.trustProxy });
  await app.register(authPlugin, { db: handle.db, config });

  app.get('/api/health', async () => {
    await handle.db.execute('select 1' as never);
    return { ok: true };
  });
  await app.register(authRoutes, { db: handle.db, config });

  app.get('/robots.txt', async (request, reply) => {
    const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  const client = serveClient ? clientDir() : null;
  if (client) {
    await app.register(fastifyStatic, {
      root: client,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || !client || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
    }
    // Client-side routes: the single-page app decides what to show.
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html', client);
  });

  return app;
}
