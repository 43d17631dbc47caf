import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { DEFAULT_MAP_TILE_URL, tileImageSource } from '#shared/map.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    // The route takes writes from any origin: only for a route that reads no session cookie and is
    // authorized by something a forged cross-site request cannot carry (a signed token in the URL).
    crossSite?: boolean;
  }
}

// The headers helmet writes for these options, worked out once: they are the same for every answer
// (no nonces, no per-route settings). @fastify/helmet built helmet's whole middleware again for
// each request: 16 KB allocated a request, some of it kept past a young collection (ADR 047).
export function securityHeaders(options: HelmetOptions): { set: [string, string][]; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number) => set.set(name, String(value)),
    removeHeader: (name: string) => remove.push(name),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set: [...set], remove };
}

// Security headers, compression, and the CSRF origin check on every write.
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl?: string; hsts?: boolean; mapTileUrl?: string }) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The map's tiles come from MAP_TILE_URL's host.
          imgSrc: ["'self'", 'data:', 'blob:', tileImageSource(opts.mapTileUrl ?? DEFAULT_MAP_TILE_URL)],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      hsts: opts.hsts ? undefined : false,
    });
    // On the raw answer as the request arrives, as @fastify/helmet did: every answer carries them,
    // errors and files included, and a route may still replace one.
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers.set) raw.setHeader(name, value);
      for (const name of headers.remove) raw.removeHeader(name);
      done();
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

    // A write that names a foreign Origin is refused (CSRF). Requests without Origin (curl,
    // payment providers' webhooks) are not browser cross-site requests and pass.
    const allowed = new Set<string>();
    if (opts.publicUrl) allowed.add(new URL(opts.publicUrl).origin);
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.crossSite) return;
      const origin = request.headers.origin;
      if (!origin) return;
      let originHost: string;
      try {
        const u = new URL(origin);
        if (allowed.has(u.origin)) return;
        originHost = u.host;
      } catch {
        return reply.status(403).send({ message: 'Cross-site request refused', code: 'CSRF' });
      }
      if (originHost !== request.host) {
        return reply.status(403).send({ message: 'Cross-site request refused', code: 'CSRF' });
      }
    });
  },
  { name: 'security' },
);
