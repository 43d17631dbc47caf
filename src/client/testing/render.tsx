// Component tests (Testing Library on jsdom): a screen rendered with the providers the app gives it,
// in a language whose catalogues are loaded first, at a route of a memory router. Requests go to a
// handler the test passes (`api`), answered as the server would; anything else fails the test.
import type { I18n } from '@lingui/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '#client/app/providers.tsx';
import { createI18n, loadMessages, type MessageGroup } from '#client/lib/i18n.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import type { Locale } from '#shared/i18n.ts';

// headers: the answer's own (X-Total-Count...), beside its JSON content type.
export type ApiAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
export type ApiHandler = (method: string, url: URL, body: unknown) => ApiAnswer | undefined;

// Replaces fetch for the test: each request is recorded and answered by `api`; an unanswered
// request throws, so a test sees every call its screen makes.
export function stubApi(api: ApiHandler) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    calls.push({ method, url, body });
    const answer = api(method, url, body);
    if (!answer) throw new Error(`No answer for ${method} ${url.pathname}${url.search}`);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }) as typeof fetch;
  return calls;
}

export async function testI18n(
  locale: Locale = 'en',
  groups: MessageGroup[] = ['shell', 'app'],
): Promise<I18n> {
  const i18n = createI18n(locale);
  for (const g of groups) await loadMessages(i18n, g);
  i18n.activate(locale);
  return i18n;
}

// Renders `element` at `path` (matched by `route`, default the path itself) with the app's providers.
export async function renderAt(
  element: ReactElement,
  {
    path = '/',
    route,
    locale = 'en',
    groups,
  }: { path?: string; route?: string; locale?: Locale; groups?: MessageGroup[] } = {},
) {
  const i18n = await testI18n(locale, groups);
  // The app's own client: its defaults (no retry, never stale) and its default fetch of the key.
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: route ?? path.split('?')[0], element }], {
    initialEntries: [path],
  });
  const view = render(
    <AppProviders queryClient={queryClient} origin="http://localhost" i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, i18n };
}
