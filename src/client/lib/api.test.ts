import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, getQueryFn, readJson } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: string, statusText = '') {
  const fn = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const user = {
  id: 1,
  username: 'rosa',
  email: 'rosa@example.com',
  name: 'Rosa',
  bio: null,
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
};

describe('api client', () => {
  it('turns a non-2xx answer into "<status>: <body>"', async () => {
    stubFetch(409, '{"message":"Username already exists","code":"USERNAME_TAKEN"}');
    const err = await apiRequest('POST', '/api/register', { a: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      message: '409: {"message":"Username already exists","code":"USERNAME_TAKEN"}',
      status: 409,
      code: 'USERNAME_TAKEN',
      serverMessage: 'Username already exists',
    });
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends credentials, and a JSON content type only with a body', async () => {
    const fn = stubFetch(200, '{}');
    await apiRequest('POST', '/api/logout');
    expect(fn.mock.calls[0][1]).toMatchObject({ credentials: 'include', headers: {} });
    await apiRequest('POST', '/api/login', { username: 'a' });
    expect(fn.mock.calls[1][1]).toMatchObject({
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"a"}',
    });
  });

  it('answers null for a 401 when asked to', async () => {
    stubFetch(401, '{"message":"Not signed in"}');
    const fn = getQueryFn<unknown>({ on401: 'returnNull' });
    expect(await fn({ queryKey: ['/api/user'] } as never)).toBeNull();
  });

  it('extracts the server message for toasts', () => {
    expect(errorMessage(new ApiError(400, '{"message":"Title is required"}'), 'x')).toBe('Title is required');
    expect(errorMessage(new ApiError(502, '', 'Bad Gateway'), 'x')).toBe('Bad Gateway');
    expect(errorMessage(new ApiError(500, '{"error":"x"}'), 'x')).toBe('{"error":"x"}');
    expect(errorMessage(new ApiError(500, ''), 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('Network error'), 'x')).toBe('Network error');
    expect(errorMessage(null, 'fallback')).toBe('fallback');
  });
});

describe('answers checked against their schema (development and tests)', () => {
  it('passes an answer that matches, as the schema reads it', async () => {
    stubFetch(200, JSON.stringify({ ...user, passwordHash: 'x' }));
    const fn = getQueryFn<unknown>({ on401: 'throw' });
    expect(await fn({ queryKey: ['/api/user'], meta: { response: 'user' } } as never)).toEqual(user);
  });

  it('fails a query whose answer drifted from the contract, naming the call', async () => {
    stubFetch(200, JSON.stringify({ ...user, id: 'one' }));
    const fn = getQueryFn<unknown>({ on401: 'throw' });
    await expect(fn({ queryKey: ['/api/user'], meta: { response: 'user' } } as never)).rejects.toThrow(
      /GET \/api\/user: the answer does not match the 'user' response[\s\S]*id/,
    );
  });

  it('checks a mutation answer read with readJson', async () => {
    await expect(readJson(new Response('{"marked":2}'), 'markRead')).resolves.toEqual({ marked: 2 });
    await expect(readJson(new Response('{"marked":"2"}'), 'markRead')).rejects.toThrow(/'markRead'/);
  });

  it('leaves an answer without a named schema as it came', async () => {
    stubFetch(200, '{"anything":true}');
    const fn = getQueryFn<unknown>({ on401: 'throw' });
    expect(await fn({ queryKey: ['/api/x'] } as never)).toEqual({ anything: true });
  });
});
