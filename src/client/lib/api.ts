import type { QueryFunction } from '@tanstack/react-query';

// The one API client (spec sections 7 and 8): credentials always; a JSON body with its content
// type only when there is a body; a non-2xx answer becomes Error("<status>: <body or statusText>").
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

// The readable part of an API error: the server's { message } when there is one.
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error) || !err.message) return fallback;
  const m = /^\d{3}: (.*)$/s.exec(err.message);
  if (!m) return err.message;
  try {
    const body = JSON.parse(m[1]);
    if (body && typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: the text itself
  }
  return m[1] || fallback;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

// The browser's fetch, or on the server (pre-rendering a page) one that asks the API in-process.
export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

export function getQueryFn<T>({
  on401,
  fetcher = fetch,
}: {
  on401: UnauthorizedBehavior;
  fetcher?: Fetcher;
}): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetcher(queryKey.join('/') as string, { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
