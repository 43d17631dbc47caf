import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app.ts';
import { DOCS_PREFIX, OPENAPI_PATH } from './docs.plugin.ts';

type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[] };
type Document = {
  openapi: string;
  info: { title: string };
  servers?: { url: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

const { app } = await buildTestApp({ PUBLIC_URL: 'http://yardshare.test' });
const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
const doc = res.json() as Document;

// Fastify's ':id' is OpenAPI's '{id}'.
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operation = (method: string, url: string) => doc.paths[openapiPath(url)]?.[method.toLowerCase()];

const apiRoutes = app.routeList.filter(
  (r) =>
    r.url.startsWith('/api/') &&
    r.url !== OPENAPI_PATH &&
    !r.url.startsWith(DOCS_PREFIX) &&
    r.method !== 'HEAD' &&
    r.method !== 'OPTIONS',
);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document titled Yardshare API, served from PUBLIC_URL', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('Yardshare API');
    expect(doc.servers).toEqual([{ url: 'http://yardshare.test' }]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      for (const op of Object.values(item)) expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    }
  });

  it('lists every /api route with its method', () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    const missing = apiRoutes.filter((r) => !operation(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('hides the payment sandbox, pages and the docs themselves', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !p.startsWith('/api/') || p.startsWith(DOCS_PREFIX))).toEqual([]);
    expect(paths).not.toContain(OPENAPI_PATH);
    expect(app.routeList.some((r) => r.url.startsWith('/sandbox/'))).toBe(true);
  });

  it('shows every schema a route declares', () => {
    const where = { body: 'requestBody', querystring: 'query', params: 'path', headers: 'header' };
    const gaps: string[] = [];
    for (const r of apiRoutes) {
      const op = operation(r.method, r.url);
      const parts = app.routeSchemas.get(`${r.method} ${r.url}`) ?? [];
      for (const part of parts) {
        const shown =
          part === 'response'
            ? Object.values(op.responses).some((x) => x.content)
            : part === 'body'
              ? Boolean(op.requestBody)
              : Boolean(op.parameters?.some((p) => p.in === where[part as keyof typeof where]));
        if (!shown) gaps.push(`${r.method} ${r.url}: ${part}`);
      }
    }
    expect(app.routeSchemas.size).toBeGreaterThan(10);
    expect(gaps).toEqual([]);
  });

  it('documents POST /api/register from its Zod schemas', () => {
    const op = operation('POST', '/api/register');
    const body = op.requestBody!.content['application/json'].schema;
    expect(Object.keys(body.properties ?? {})).toEqual(
      expect.arrayContaining(['username', 'email', 'name', 'password']),
    );
    expect(body.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    const created = op.responses['201'].content!['application/json'].schema;
    expect(Object.keys(created.properties ?? {})).toEqual(expect.arrayContaining(['id', 'username']));
    // The response schema is what goes out: no password field can be documented, or sent.
    expect(created.properties).not.toHaveProperty('password');
    expect(created.properties).not.toHaveProperty('passwordHash');
    expect(op.responses['409'].content!['application/json'].schema.properties).toHaveProperty('message');
    expect(op.responses['201'].description).toBe('Created');
    expect(op.responses['409'].description).toBe('Conflict');
  });

  it('documents path and query parameters', () => {
    const refund = operation('POST', '/api/payments/:id/refund');
    expect(refund.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]),
    );
    const withQuery = apiRoutes.filter((r) =>
      app.routeSchemas.get(`${r.method} ${r.url}`)?.includes('querystring'),
    );
    expect(withQuery.length).toBeGreaterThan(0);
  });

  it('describes the session cookie and marks the routes that need a user', () => {
    expect(doc.components?.securitySchemes?.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'ys_session',
    });
    const needsSession = (op: Operation) => op.security?.some((s) => 'session' in s) ?? false;
    expect(needsSession(operation('POST', '/api/payments/create'))).toBe(true); // preHandler
    expect(needsSession(operation('PATCH', '/api/user'))).toBe(true); // preValidation
    expect(needsSession(operation('POST', '/api/register'))).toBe(false);
    expect(needsSession(operation('GET', '/api/user'))).toBe(false);
  });

  it('groups operations by feature', () => {
    expect(operation('POST', '/api/payments/create').tags).toEqual(['payments']);
    expect(operation('POST', '/api/login').tags).toEqual(['auth']);
  });
});

describe('GET /api/docs', () => {
  it('answers an HTML page whose scripts are same-origin files', async () => {
    for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/`]) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>Yardshare API</title>');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, inline] of scripts) {
        expect(attrs).toMatch(/src="(\.|\/api\/docs)\/static\//);
        expect(inline.trim()).toBe('');
      }
    }
  });

  it('serves its assets and the same document', async () => {
    const bundle = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const init = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(init.statusCode).toBe(200);
    const json = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(json.json()).toEqual(doc);
  });
});
