import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorMessage, getQueryFn } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: string, statusText = '') {
  const fn = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('api client', () => {
  it('turns a non-2xx answer into "<status>: <body>"', async () => {
    stubFetch(409, '{"message":"Username already exists"}');
    await expect(apiRequest('POST', '/api/register', { a: 1 })).rejects.toThrow(
      '409: {"message":"Username already exists"}',
    );
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
    expect(errorMessage(new Error('400: {"message":"Title is required"}'), 'x')).toBe('Title is required');
    expect(errorMessage(new Error('502: Bad Gateway'), 'x')).toBe('Bad Gateway');
    expect(errorMessage(null, 'fallback')).toBe('fallback');
  });
});
