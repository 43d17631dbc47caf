import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config.ts';
import { userInput } from '../../testing/factories.ts';
import { buildTestApp, testConfig } from '../../testing/test-app.ts';

// Limits counted per address hold under parallel requests, and the address is the one our own
// proxies saw, never one the client wrote.
const { app } = await buildTestApp({ REGISTER_MAX_PER_HOUR: '20', TRUST_PROXY: '1' });

const register = (forwardedFor?: string, remoteAddress = '127.0.0.1', proto?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/register',
    payload: userInput(),
    remoteAddress,
    headers: {
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(proto ? { 'x-forwarded-proto': proto } : {}),
    },
  });

describe('registration limit', () => {
  it('holds under 50 parallel registrations from one address: exactly 20 succeed', async () => {
    const all = await Promise.all(Array.from({ length: 50 }, () => register('10.6.0.1')));
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    expect((await register('10.6.0.2')).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('takes the address our proxy added, so a client cannot dodge the limit by writing its own', async () => {
    // The client writes a new made-up address each time before the one our proxy appends.
    const all = await Promise.all(Array.from({ length: 25 }, (_, i) => register(`203.0.113.${i}, 10.7.0.1`)));
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(all.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('marks the session cookie Secure when the proxy says the request came over HTTPS', async () => {
    const https = await register('10.8.0.1', '127.0.0.1', 'https');
    expect(https.statusCode).toBe(201);
    expect(String(https.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    const http = await register('10.8.0.2', '127.0.0.1', 'http');
    expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/i);
  });
});

describe('TRUST_PROXY unset', () => {
  it('ignores X-Forwarded-Proto and X-Forwarded-For from clients', async () => {
    const direct = await buildTestApp({ REGISTER_MAX_PER_HOUR: '2' });
    const send = (i: number) =>
      direct.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: userInput(),
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-forwarded-proto': 'https' },
      });
    const first = await send(1);
    expect(first.statusCode).toBe(201);
    expect(String(first.headers['set-cookie'])).not.toMatch(/Secure/i);
    expect((await send(2)).statusCode).toBe(201);
    expect((await send(3)).statusCode).toBe(429);
  });
});

describe('parseTrustProxy', () => {
  it('takes nothing, a hop count, or addresses and ranges; refuses "true" and junk', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,loopback, ::1/128')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      '::1/128',
    ]);
    expect(() => parseTrustProxy('true')).toThrow(/every hop/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/not an address/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/not an address/);
  });

  it('production refuses to start without PUBLIC_URL', () => {
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required/);
    expect(testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://yardshare.test' }).publicUrl).toBe(
      'https://yardshare.test',
    );
  });
});
