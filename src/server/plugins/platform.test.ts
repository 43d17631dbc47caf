import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { userInput } from '../testing/factories.ts';
import { buildTestApp, createTestDb, testConfig } from '../testing/test-app.ts';

const { app } = await buildTestApp();

describe('CSRF', () => {
  it('refuses a write whose Origin is foreign, with 403', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example', host: 'yardshare.test' },
      payload: userInput(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused', code: 'CSRF' });
    const nullOrigin = await app.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);
  });

  it('lets a same-origin write and a write without Origin through', async () => {
    const same = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://yardshare.test', host: 'yardshare.test' },
      payload: userInput(),
    });
    expect(same.statusCode).toBe(201);
    const none = await app.inject({ method: 'POST', url: '/api/register', payload: userInput() });
    expect(none.statusCode).toBe(201);
  });
});

describe('error shape', () => {
  it('answers an unknown /api route with JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toMatch(/Not found/);
    }
  });

  it('hides the details of a 5xx', async () => {
    const { handle, drop } = await createTestDb();
    const other = await buildApp({ config: testConfig(), db: handle, logger: false, serveClient: false });
    other.get('/api/boom', async () => {
      throw new Error('secret connection string postgres://admin:pw@db');
    });
    const res = await other.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
    await other.close();
    await drop();
  });

  it('answers an oversized body with 413 and a message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'secret' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('security headers and robots', () => {
  it('sends CSP without inline scripts, nosniff, a referrer policy and frame-ancestors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves a real robots.txt that keeps private pages out and points to the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'yardshare.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*/);
    expect(res.body).toMatch(/Disallow: \/api\//);
    expect(res.body).toMatch(/Disallow: \/profile/);
    expect(res.body).toMatch(/Sitemap: http:\/\/yardshare.test\/sitemap.xml/);
  });
});

describe('registration limit', async () => {
  const limited = await buildTestApp({ REGISTER_MAX_PER_HOUR: '3' });
  it('answers 429 past the hourly limit per IP', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: userInput(),
        remoteAddress: '10.3.0.1',
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await limited.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: userInput(),
      remoteAddress: '10.3.0.1',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Too many accounts/);
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: userInput(),
      remoteAddress: '10.3.0.2',
    });
    expect(other.statusCode).toBe(201);
  });
});
