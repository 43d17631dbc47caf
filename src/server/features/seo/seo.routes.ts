import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/errors.ts';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, localePath, splitLocale } from '#shared/i18n.ts';
import { matchPageRoute } from '#shared/page-routes.ts';
import { noStore, takesPage } from '../../cache/public-cache.plugin.ts';
import type { Config } from '../../config.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import type { PageViewer, RenderedPage, SeoService } from './seo.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    // The built index.html with the page's own head, or null when there is no client to serve.
    renderPage(request: FastifyRequest, opts?: { prerender?: boolean }): Promise<RenderedPage | null>;
  }
}

export type SeoOptions = {
  config: Config;
  service: SeoService;
};

// The public origin for absolute URLs: PUBLIC_URL when set (it should be in production),
// else the request's own scheme and host.
export function publicOrigin(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

// Sends a rendered page as no-cache HTML. The not-found handler is not a route, so the per-route hook
// of @fastify/compress does not run for it: the page is compressed here.
// A request without a session cookie is told so in the page (meta ys-auth), so the client starts
// signed out instead of asking GET /api/user for a certain 401.
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
  opts: { anonymous?: boolean } = {},
) {
  reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie');
  const html = opts.anonymous
    ? page.html.replace('</head>', '<meta name="ys-auth" content="anonymous"></head>')
    : page.html;
  // An anonymous page the public cache stores: it encodes the page itself (ADR 025).
  if (opts.anonymous && page.status === 200 && takesPage(request)) return reply.send(html);
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}

// Where a page request goes before it is rendered (ADR 031), or null: /en/... is the unprefixed
// English URL (301); exactly / with a remembered other language goes to that language's home (302).
export function languageRedirect(request: FastifyRequest): { status: 301 | 302; location: string } | null {
  const [pathname, query] = request.url.split('?');
  const search = query === undefined ? '' : `?${query}`;
  const en = /^\/en(\/.*)?$/.exec(pathname);
  // One leading slash: '/en//host' must not become a protocol-relative '//host'.
  if (en) return { status: 301, location: (en[1] || '/').replace(/^\/+/, '/') + search };
  if (pathname === '/') {
    const chosen = request.cookies[LOCALE_COOKIE];
    if (isLocale(chosen) && chosen !== DEFAULT_LOCALE)
      return { status: 302, location: localePath(chosen, '/') + search };
  }
  return null;
}

// The pre-renderer reads the API in-process, as a signed-out visitor (or, with `session`, as that
// member, ADR 058): the same routes, checks and response schemas as the browser's fetch, without a
// socket.
function inProcessFetch(app: FastifyInstance, session?: string) {
  const cookie = session ? { cookie: `${SESSION_COOKIE}=${encodeURIComponent(session)}` } : undefined;
  return async (url: string): Promise<Response> => {
    const res = await app.inject({ method: 'GET', url, headers: cookie });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, { status: res.statusCode, headers });
  };
}

// Kept out of search engines: the API, signed-in pages and the payment pages.
const PRIVATE_PATHS = [
  '/api/',
  '/profile',
  '/messages',
  '/bookings',
  '/create-listing',
  '/auth',
  '/notifications',
  '/saved',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
  '/dev/',
  '/payment/',
  '/sandbox/',
];

const routes: FastifyPluginAsyncZod<SeoOptions> = async (app, { config, service }) => {
  const fetcher = inProcessFetch(app);

  // An operator's page answers 200 to an operator only: the session is read for those pages alone.
  const viewerOf = async (request: FastifyRequest, url: URL): Promise<PageViewer> => {
    if (matchPageRoute(splitLocale(url.pathname).path)?.access !== 'admin') return { admin: false };
    const token = request.cookies[SESSION_COOKIE];
    const found = token && token.length <= 100 ? await app.sessions.lookup(token) : null;
    return { admin: found?.user.role === 'admin' };
  };

  app.decorate('renderPage', async (request: FastifyRequest, opts: { prerender?: boolean } = {}) => {
    if (!service.hasTemplate) return null;
    const url = new URL(request.url, 'http://localhost');
    // A member's page is rendered as that member (their forms before the script, ADR 058).
    const session = request.cookies[SESSION_COOKIE];
    const member = !!session && session.length <= 100;
    return service.renderPage(
      url,
      publicOrigin(config, request),
      opts.prerender
        ? {
            fetcher: member ? inProcessFetch(app, session) : fetcher,
            member,
            onError: (err) => {
              request.log.error({ err }, 'page pre-render failed');
              noStore(request); // sent without its body: not kept
            },
          }
        : undefined,
      await viewerOf(request, url),
    );
  });

  app.get('/robots.txt', async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATHS.flatMap((p) => [
        `Disallow: ${p}`,
        ...(p.startsWith('/api/') || p.startsWith('/dev/') || p.startsWith('/sandbox/')
          ? []
          : LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => `Disallow: /${l}${p}`)),
      ]),
      '',
      `Sitemap: ${publicOrigin(config, request)}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  // A listings file comes as the bytes the CPU pool made (ADR 055), sent as they are.
  const sendXml = (reply: FastifyReply, xml: string | Buffer) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);

  // A sitemap index: the pages' file and the listings' files, every URL in five languages (ADR 031).
  app.get('/sitemap.xml', { schema: { response: { 200: z.string() } } }, async (request, reply) =>
    sendXml(reply, await service.sitemapIndex(publicOrigin(config, request))),
  );
  // /sitemaps/pages.xml and /sitemaps/listings-<n>.xml.
  app.get(
    '/sitemaps/:file',
    {
      schema: {
        params: z.object({ file: z.string().max(40) }),
        response: { 200: z.string(), 404: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const origin = publicOrigin(config, request);
      const { file } = request.params;
      const block = /^listings-(\d{1,6})\.xml$/.exec(file);
      const xml =
        file === 'pages.xml'
          ? service.pagesSitemap(origin)
          : block
            ? await service.listingsSitemap(origin, Number(block[1]))
            : null;
      if (!xml) return reply.status(404).send({ message: 'No such sitemap', code: 'NOT_FOUND' });
      return sendXml(reply, xml);
    },
  );
};

// Server-rendered page heads, robots.txt and the sitemap (ADR 009).
export const seoPlugin = fp(routes as (app: FastifyInstance, opts: SeoOptions) => Promise<void>, {
  name: 'seo',
});
