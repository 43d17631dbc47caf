import { describe, expect, it } from 'vitest';
import { defaultPublicUrl, defaultPublicUrlWarning, loopbackRedirect } from './local-origin.ts';
import { buildTestApp, indexHtmlFixture } from './testing/test-app.ts';

// Without PUBLIC_URL, a visitor on this machine keeps one origin for the session cookie, the
// confirmation link and the checkout's return (ADR 052).
describe('PUBLIC_URL on a machine of one own', () => {
  it('defaults to 127.0.0.1 when the server listens everywhere or on loopback, else to HOST', () => {
    for (const host of [undefined, '', '0.0.0.0', '::', '127.0.0.1', 'localhost', '::1'])
      expect(defaultPublicUrl(host, '3000'), String(host)).toBe('http://127.0.0.1:3000');
    expect(defaultPublicUrl(undefined, undefined)).toBe('http://127.0.0.1:3000');
    expect(defaultPublicUrl('192.168.1.20', 8080)).toBe('http://192.168.1.20:8080');
    expect(defaultPublicUrl('fd00::5', 8080)).toBe('http://[fd00::5]:8080');
  });

  it('says so at start, and what visitors from other machines need', () => {
    const all = defaultPublicUrlWarning('http://127.0.0.1:3000', '0.0.0.0');
    expect(all).toContain(
      'PUBLIC_URL is not set: links in e-mails and payment returns use http://127.0.0.1:3000.',
    );
    expect(all).toMatch(/other machines need PUBLIC_URL/);
    expect(defaultPublicUrlWarning('http://127.0.0.1:3000', '127.0.0.1')).not.toMatch(/other machines/);
  });

  it('sends another loopback name of the same port to PUBLIC_URL, and nothing else', () => {
    const pub = 'http://127.0.0.1:3000';
    expect(loopbackRedirect(pub, 'localhost:3000', '/auth?next=/bookings')).toBe(
      'http://127.0.0.1:3000/auth?next=/bookings',
    );
    expect(loopbackRedirect(pub, '[::1]:3000', '/')).toBe('http://127.0.0.1:3000/');
    expect(loopbackRedirect(pub, '127.0.0.1:3000', '/')).toBeNull();
    expect(loopbackRedirect(pub, 'localhost:4000', '/')).toBeNull();
    expect(loopbackRedirect(pub, 'yardshare.lan:3000', '/')).toBeNull();
    expect(loopbackRedirect('https://yardshare.example', 'localhost:443', '/')).toBeNull();
    expect(loopbackRedirect(pub, 'localhost:3000', '//evil.example/x')).toBe('http://127.0.0.1:3000/');
    expect(loopbackRedirect(pub, 'bad host', '/')).toBeNull();
    expect(loopbackRedirect(undefined, 'localhost:3000', '/')).toBeNull();
  });

  it('the server redirects pages (not the API) on localhost to 127.0.0.1', async () => {
    const { indexHtml } = indexHtmlFixture();
    const { app } = await buildTestApp({ PUBLIC_URL: 'http://127.0.0.1:3000' }, { indexHtml });
    const page = (host: string, url = '/auth?tab=register') =>
      app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
    const moved = await page('localhost:3000');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('http://127.0.0.1:3000/auth?tab=register');
    expect((await page('127.0.0.1:3000')).statusCode).toBe(200);
    expect((await page('localhost:3000', '/api/user')).statusCode).toBe(401);
  });
});
