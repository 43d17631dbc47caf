import { type QueryFunction, queryOptions } from '@tanstack/react-query';
import { splitLocale } from '#shared/i18n.ts';
import type { ResponseName, ResponseOf } from './responses.ts';

export type { ResponseName, ResponseOf };

declare module '@tanstack/react-query' {
  interface Register {
    // The schema the default query function checks the answer against (see apiQuery).
    queryMeta: { response?: ResponseName };
  }
}

// A non-2xx answer. The message is the spec's "<status>: <body or statusText>"; callers read the
// status, the code and the server's { message } from the fields, never from the message text.
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  // The answer's text as received ('' when empty).
  readonly body: string;
  // From the server's error shape { message, code? }, when the body is one.
  readonly code?: string;
  readonly serverMessage?: string;

  constructor(status: number, body: string, statusText = '') {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    const shape = errorShape(body);
    this.code = shape.code;
    this.serverMessage = shape.message;
  }
}

function errorShape(body: string): { message?: string; code?: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return {}; // not JSON: the text itself is the reason
  }
  if (!json || typeof json !== 'object') return {};
  const { message, code } = json as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' && message ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

// The one API client: credentials always; a JSON body with its content
// type only when there is a body; a non-2xx answer becomes an ApiError.
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
}

// The page's language (ADR 031): the server answers 4xx messages in it. Not sent outside a browser.
function languageHeader(): Record<string, string> {
  if (typeof window === 'undefined') return {};
  return { 'Accept-Language': splitLocale(window.location.pathname).locale };
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: {
      ...languageHeader(),
      ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

// Answers are parsed with their schema from src/shared in development and tests, where a drift
// between client and server fails loudly. Production builds trust the server, whose replies
// already go out through the same schemas, and carry neither the schemas nor Zod for this
// (docs/decisions/015).
export async function checkResponse<N extends ResponseName>(
  name: N,
  data: unknown,
  where: string,
): Promise<ResponseOf<N>> {
  if (import.meta.env.DEV) return (await loadResponses()).parseResponse(name, data, where);
  return data as ResponseOf<N>;
}

// A computed specifier: the production bundler must not see this import at all, since even a dead
// import() reshapes its chunks.
const RESPONSES_MODULE = './responses.ts';
const loadResponses = (): Promise<typeof import('./responses.ts')> =>
  import(/* @vite-ignore */ RESPONSES_MODULE);

// The JSON of a 2xx answer, as the named response.
export async function readJson<N extends ResponseName>(res: Response, name: N): Promise<ResponseOf<N>> {
  return checkResponse(name, await res.json(), res.url || 'an API answer');
}

// The readable part of an error: the server's { message } when there is one, else the answer's
// text, else the error's own message.
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage || err.body || err.statusText || fallback;
  return err instanceof Error && err.message ? err.message : fallback;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

// The browser's fetch, or on the server (pre-rendering a page) one that asks the API in-process.
export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

// GETs the URL the query key spells, checking the answer against the query's meta.response.
export function getQueryFn<T>({
  on401,
  fetcher,
}: {
  on401: UnauthorizedBehavior;
  fetcher?: Fetcher;
}): QueryFunction<T> {
  return async ({ queryKey, meta }) => {
    const url = queryKey.join('/');
    // The global fetch as it is at the request (a query built at import still sees a test's stub).
    const res = await (fetcher ?? fetch)(url, { credentials: 'include', headers: languageHeader() });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    const data: unknown = await res.json();
    return (meta?.response ? await checkResponse(meta.response, data, `GET ${url}`) : data) as T;
  };
}

// Query options for GET <the key joined by '/'>, typed and checked as the named response; the
// query client's default query function fetches it.
export const apiQuery = <N extends ResponseName>(queryKey: string[], response: N) =>
  queryOptions<ResponseOf<N>>({ queryKey, meta: { response } });
