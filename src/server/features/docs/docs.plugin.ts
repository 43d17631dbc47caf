import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import pkg from '../../../../package.json' with { type: 'json' };
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { needsUser } from '../../plugins/guards.ts';

declare module 'fastify' {
  interface FastifyInstance {
    // The schema parts ('body', 'querystring', 'params', 'response', ...) each documented route
    // declares, by 'METHOD url': what the OpenAPI document must show.
    routeSchemas: Map<string, string[]>;
  }
}

const SCHEMA_PARTS = ['body', 'querystring', 'params', 'headers', 'response'];

export const DOCS_PREFIX = '/api/docs';

// Swagger UI at phone width: section headers and their buttons wrap, long paths, examples and
// tables break or scroll inside their box instead of widening the page.
const NARROW_CSS = `
.swagger-ui .opblock-section-header { flex-wrap: wrap; gap: 8px; }
@media (max-width: 480px) {
  .swagger-ui .opblock-section-header > .tab-header, .swagger-ui .opblock-section-header > h4 { flex: 1 0 100%; }
  .swagger-ui .opblock-section-header > .try-out { margin-top: 14px; }
}
.swagger-ui .try-out, .swagger-ui .btn-group { flex-wrap: wrap; max-width: 100%; }
.swagger-ui .opblock-summary-path { word-break: break-all; }
.swagger-ui .opblock-body pre, .swagger-ui .highlight-code, .swagger-ui .model-box { max-width: 100%; overflow-x: auto; }
.swagger-ui .table-container, .swagger-ui .responses-wrapper { overflow-x: auto; }
.swagger-ui .info .title, .swagger-ui .info a, .swagger-ui .info p { overflow-wrap: anywhere; }
`;
export const OPENAPI_PATH = '/api/openapi.json';

const DESCRIPTION = `The HTTP API behind the Yardshare web app. Bodies are JSON; every non-2xx answer is
\`{ "message": string, "code"?: string }\`. Signing in (POST /api/register or /api/login) sets the
\`${SESSION_COOKIE}\` cookie; routes marked with a lock need it. Writes from a browser must come from
the same origin. This document: GET ${OPENAPI_PATH}.`;

// Only the JSON API is documented: the docs themselves, pages, files and the payment sandbox are not.
export function isDocumented(url: string): boolean {
  return url.startsWith('/api/') && url !== OPENAPI_PATH && !url.startsWith(DOCS_PREFIX);
}

// The group an operation is listed under: the first segment after /api/, sign-in routes together.
const TAG_OF_SEGMENT: Record<string, string> = {
  register: 'auth',
  login: 'auth',
  logout: 'auth',
  user: 'auth',
  upload: 'uploads',
};
function tagOf(url: string): string {
  const segment = url.split('/')[2] || 'api';
  return TAG_OF_SEGMENT[segment] ?? segment;
}

// Each response is described by its status text ('Created', 'Unauthorized') instead of a placeholder.
function describeResponses(response: unknown): void {
  if (!response || typeof response !== 'object') return;
  for (const [status, schema] of Object.entries(response as Record<string, Record<string, unknown>>)) {
    const text = STATUS_CODES[status];
    if (text && schema && !('content' in schema)) schema['x-response-description'] ??= text;
  }
}

// The OpenAPI 3.1 document, generated from the routes' own Zod schemas, at GET /api/openapi.json,
// and a Swagger UI reference page at GET /api/docs. Register before the routes: only routes added
// after it are seen.
export const docsPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl?: string }) => {
    const routeSchemas = new Map<string, string[]>();
    app.decorate('routeSchemas', routeSchemas);
    app.addHook('onRoute', (route) => {
      if (!isDocumented(route.url)) return;
      const parts = SCHEMA_PARTS.filter((part) => route.schema?.[part as keyof typeof route.schema]);
      for (const method of [route.method].flat()) routeSchemas.set(`${method} ${route.url}`, parts);
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Yardshare API', version: pkg.version, description: DESCRIPTION },
        servers: opts.publicUrl ? [{ url: opts.publicUrl }] : [],
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
        },
      },
      transform(doc) {
        if (!isDocumented(doc.url)) return { schema: { hide: true }, url: doc.url };
        const out = jsonSchemaTransform(doc);
        describeResponses(out.schema?.response);
        const schema = { tags: [tagOf(doc.url)], ...out.schema } as Record<string, unknown>;
        if (doc.route && needsUser(doc.route as RouteOptions)) schema.security = [{ session: [] }];
        return { ...out, schema };
      },
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The page's scripts and styles are files under /api/docs/static: the site's CSP applies as is.
      // NARROW_CSS: the page fits a 375 px phone (ADR 052).
      theme: { title: 'Yardshare API', css: [{ filename: 'narrow.css', content: NARROW_CSS }] },
      uiConfig: {
        layout: 'BaseLayout',
        deepLinking: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
      },
    });

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
      return reply.header('cache-control', 'no-cache').send(app.swagger());
    });
  },
  { name: 'docs', dependencies: ['auth'] },
);
