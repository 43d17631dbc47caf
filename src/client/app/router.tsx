import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type ComponentType, use } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { hasMessages, loadMessages, type MessageGroup } from '#client/lib/i18n.ts';
import { PAGE_ROUTES, type PageAccess, type PagePath } from '#shared/page-routes.ts';
import { ProtectedRoute } from './protected-route.tsx';
import { RootLayout } from './root-layout.tsx';

type Module = { default: ComponentType };
export type PageHandle = { preload: (i18n: I18n) => Promise<unknown> };

// A screen loaded on demand (its own chunk). Unlike React.lazy it renders at once when its code is
// already there, so the browser can load the matched screens first (preload) and then hydrate the
// server's markup without suspending (docs/decisions/011, 028). Its messages (ADR 031) load with it.
type Screen = {
  load: () => Promise<Module>;
  group: MessageGroup;
  Loaded?: ComponentType;
  pending?: Promise<void>;
};

function preload(screen: Screen): Promise<void> {
  screen.pending ??= screen.load().then(
    (m) => {
      screen.Loaded = m.default;
    },
    (err) => {
      screen.pending = undefined; // a later visit tries again
      throw err;
    },
  );
  return screen.pending;
}

function preloadWithMessages(screen: Screen, i18n: I18n): Promise<unknown> {
  return Promise.all([preload(screen), loadMessages(i18n, screen.group)]);
}

const pendingScreens = new WeakMap<I18n, Map<Screen, Promise<unknown>>>();

function LazyScreen({ screen }: { screen: Screen }) {
  const { i18n } = useLingui();
  if (!screen.Loaded || !hasMessages(i18n, screen.group)) {
    // One promise per screen and instance, so `use` sees the same one on every try.
    const byScreen = pendingScreens.get(i18n) ?? new Map<Screen, Promise<unknown>>();
    pendingScreens.set(i18n, byScreen);
    const pending = byScreen.get(screen) ?? preloadWithMessages(screen, i18n);
    byScreen.set(screen, pending);
    use(pending);
  }
  const Loaded = screen.Loaded as ComponentType;
  return <Loaded />;
}

const page = (
  load: () => Promise<Module>,
  group: MessageGroup = 'app',
): Pick<RouteObject, 'element' | 'handle'> => {
  const screen: Screen = { load, group };
  return {
    element: <LazyScreen screen={screen} />,
    handle: { preload: (i18n) => preloadWithMessages(screen, i18n) } satisfies PageHandle,
  };
};

// The messages a screen needs beside the shell's (ADR 031): `app` unless named here.
const GROUPS: Partial<Record<PagePath, MessageGroup>> = {
  '/': 'shell',
  '/how-it-works': 'content',
  '/our-mission': 'content',
  '/community-stories': 'content',
  '/contact': 'content',
  '/terms': 'content',
  '/privacy-policy': 'content',
  '/blog': 'content',
  '/blog/rise-of-yardsharing': 'content',
  '/resources': 'content',
  '/admin/*': 'admin',
};

// The table that loads the other screens (./screens.ts) is a chunk of its own, wanted only when
// another page is shown (ADR 028's budget): a first visit to / loads it at the first sign of
// intent (see warmScreens); a server page lists it with the route's chunks.
const screens = () => import('./screens.ts');
export const warmScreens = (): void => void screens().catch(() => {});

// The spec's route table (section 2), its paths from the one page list the server answers too
// (#shared/page-routes.ts, ADR 052). Each screen is its own chunk.
const screenFor = (path: PagePath) =>
  path === '/'
    ? page(() => import('./routes/home.tsx'), 'shell')
    : page(() => screens().then((m) => m.SCREENS[path]()), GROUPS[path]);

const screensFor = (access: PageAccess): RouteObject[] =>
  PAGE_ROUTES.filter((r) => r.access === access).map((r) => ({ path: r.path, ...screenFor(r.path) }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...screensFor('public'),
      // Signed-in pages: a signed-out visitor is sent to sign in and brought back.
      { element: <ProtectedRoute />, children: screensFor('member') },
      ...screensFor('admin'),
      { path: '*', ...page(() => screens().then((m) => m.notFound())) },
    ],
  },
];

// The matched screens' code, loaded before the first render of a pre-rendered page.
export function preloadScreens(matches: { route: RouteObject }[], i18n: I18n): Promise<unknown> {
  return Promise.all(matches.map(({ route }) => (route.handle as PageHandle | undefined)?.preload(i18n)));
}

export function AppRoutes() {
  return useRoutes(routes);
}
