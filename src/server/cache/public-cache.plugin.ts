import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerFactory } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicCache } from './public-cache.ts';
import { buildEntry, type Fill, negotiate, VARY } from './public-cache-entry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

const FILL = Symbol('publicCacheFill');
const CHECKED = Symbol('publicCacheChecked');
const PAGE = Symbol('publicCachePage');
type Marked = IncomingMessage & { [FILL]?: Fill | null; [CHECKED]?: boolean; [PAGE]?: boolean };

// The routes whose anonymous 200 answers are cached; pages come through sendPage (takesPage).
const DETAIL_ROUTE = '/api/listings/:id';
const CACHED_ROUTES = new Set(['/api/listings', '/api/listings/map', DETAIL_ROUTE]);

// Writes that cannot change a cached answer (ADR 025); every other successful write drops it.
const NO_PUBLIC_EFFECT = [
  /^\/api\/(login|logout|register|contact|upload)$/,
  // Blocks change the searches of the two members only, which never share the visitors' entries
  // (the session cache knows who has blocks, ADR 041); a report changes nothing public.
  /^\/api\/(messages|notifications|saved|saved-searches|reports|blocks)(\/|$)/,
  /^\/api\/(email|password)\//,
  /^\/api\/user\/(password|email)$/,
  /^\/dev\//,
];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const affectsPublicReads = (routeUrl: string | undefined) =>
  routeUrl !== undefined && !NO_PUBLIC_EFFECT.some((re) => re.test(routeUrl));

const fillOf = (request: FastifyRequest): Fill | null => (request.raw as Marked)[FILL] ?? null;

// The node server Fastify runs on: a hit is answered here, before Fastify's routing and hooks.
export function publicCacheServer(cache: PublicCache): FastifyServerFactory {
  return (handler: RequestListener, options) => {
    const server = http.createServer((req: Marked, res: ServerResponse) => {
      if (!cache.usable) return handler(req, res);
      cache.answer(req, res, (fill) => {
        req[FILL] = fill;
        req[CHECKED] = true;
        handler(req, res);
      });
    });
    // The timeouts Fastify sets on a server it makes itself.
    const o = options as {
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    if (o.keepAliveTimeout !== undefined) server.keepAliveTimeout = o.keepAliveTimeout;
    if (o.requestTimeout !== undefined) server.requestTimeout = o.requestTimeout;
    if (o.connectionTimeout !== undefined) server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };
}

// A pre-rendered page (status 200) the cache will store: sendPage then sends it uncompressed and
// the cache's onSend hook encodes it. False: sendPage sends it as before.
export function takesPage(request: FastifyRequest): boolean {
  const raw = request.raw as Marked;
  const cache = request.server.publicCache;
  if (!raw[FILL] || request.method !== 'GET' || !cache.usable || !cache.pages) return false;
  raw[PAGE] = true;
  return true;
}

// The answer must not be stored (e.g. its pre-render failed and it went out without a body).
export function noStore(request: FastifyRequest): void {
  const fill = fillOf(request);
  if (fill) fill.noStore = true;
}

// Hits for requests that did not come through publicCacheServer (app.inject, the pre-renderer);
// fills from the uncached answers; drops after writes.
export const publicCachePlugin = fp(
  async (app: FastifyInstance, { cache }: { cache: PublicCache }) => {
    app.decorate('publicCache', cache);
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw as Marked;
      if (raw[CHECKED] || !cache.usable) return done();
      cache.answer(
        raw,
        reply.raw,
        (fill) => {
          raw[FILL] = fill;
          done();
        },
        () => reply.hijack(),
      );
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!SAFE_METHODS.has(request.method)) {
        // The write has committed: drop here and on every instance before it is answered.
        if (reply.statusCode < 400 && affectsPublicReads(request.routeOptions.url)) await cache.changed();
        return payload;
      }
      const fill = fillOf(request);
      if (!fill || request.method !== 'GET' || reply.statusCode !== 200) return payload;
      const route = request.routeOptions.url;
      // A member fills only from a search without blocks (ADR 029, 041). A detail is shared with
      // members (sharesWithMember) but filled only by visitors, so a member's own answer (a listing
      // they host or booked shows its address, ADR 038) can never become the visitors'.
      if (request.user && (request.viewerBlocks || route === DETAIL_ROUTE)) return payload;
      const page = request.is404 && (request.raw as Marked)[PAGE] === true;
      if (!page && !(route !== undefined && CACHED_ROUTES.has(route))) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.hasHeader('set-cookie') || reply.hasHeader('content-encoding')) return payload;
      const entry = buildEntry(fill.key, Buffer.from(payload), reply.getHeaders(), cache.expiry());
      cache.store(fill, entry);
      // The uncached answer carries the same bytes and headers as a hit.
      const coding = negotiate(request.raw);
      const v = entry.variants[coding] ?? entry.variants.identity;
      reply.header('etag', v.etag).header('vary', VARY);
      if (v !== entry.variants.identity) reply.header('content-encoding', coding);
      return v.body;
    });
  },
  { name: 'public-cache' },
);
