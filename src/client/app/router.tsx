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

// The spec's route table (section 2), its paths from the one page list the server answers too
// (#shared/page-routes.ts, ADR 052). Each screen is its own chunk; pages that combine features
// live in ./routes. A path of the list without a screen here is a type error.
const SCREENS: Record<PagePath, Pick<RouteObject, 'element' | 'handle'>> = {
  '/': page(() => import('./routes/home.tsx'), 'shell'),
  '/auth': page(() => import('#client/features/auth/components/auth-page.tsx')),
  '/reset-password': page(() => import('#client/features/auth/components/reset-password-page.tsx')),
  '/verify-email': page(() => import('#client/features/account/components/verify-email-page.tsx')),
  '/unsubscribe': page(() => import('#client/features/account/components/unsubscribe-page.tsx')),
  '/listings': page(() => import('./routes/listings-route.tsx')),
  '/listings/:id': page(() => import('./routes/listing-detail.tsx')),
  '/listing/:id': page(() => import('./routes/listing-detail.tsx')),
  '/users/:id': page(() => import('./routes/user-profile.tsx')),
  '/create-listing': page(() => import('#client/features/listings/components/create-listing-page.tsx')),
  '/listings/:id/edit': page(() => import('./routes/edit-listing.tsx')),
  '/profile': page(() => import('./routes/profile.tsx')),
  '/messages': page(() => import('#client/features/messages/components/messages-page.tsx')),
  '/messages/:id': page(() => import('#client/features/messages/components/messages-page.tsx')),
  '/bookings': page(() => import('./routes/bookings-page.tsx')),
  '/bookings/:id': page(() => import('./routes/booking-page.tsx')),
  '/saved': page(() => import('./routes/saved-page.tsx')),
  '/earnings': page(() => import('#client/features/payouts/components/earnings-page.tsx')),
  '/notifications': page(() => import('#client/features/notifications/components/notifications-page.tsx')),
  '/how-it-works': page(() => import('#client/features/content/how-it-works-page.tsx'), 'content'),
  '/our-mission': page(() => import('#client/features/content/our-mission-page.tsx'), 'content'),
  '/community-stories': page(() => import('#client/features/content/community-stories-page.tsx'), 'content'),
  '/contact': page(() => import('#client/features/content/contact-page.tsx'), 'content'),
  '/terms': page(() => import('#client/features/content/terms-page.tsx'), 'content'),
  '/privacy-policy': page(() => import('#client/features/content/privacy-page.tsx'), 'content'),
  '/payment/success': page(() => import('#client/features/payments/components/payment-success-page.tsx')),
  '/payment/cancel': page(() => import('#client/features/payments/components/payment-cancel-page.tsx')),
  '/blog': page(() => import('#client/features/content/blog-page.tsx'), 'content'),
  '/blog/rise-of-yardsharing': page(
    () => import('#client/features/content/blog-article-page.tsx'),
    'content',
  ),
  '/resources': page(() => import('#client/features/content/resources-page.tsx'), 'content'),
  // The operator console: admins only, everyone else sees the 404 screen (ADR 029).
  '/admin/*': page(() => import('./routes/admin.tsx'), 'admin'),
};

const screensFor = (access: PageAccess): RouteObject[] =>
  PAGE_ROUTES.filter((r) => r.access === access).map((r) => ({ path: r.path, ...SCREENS[r.path] }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...screensFor('public'),
      // Signed-in pages: a signed-out visitor is sent to sign in and brought back.
      { element: <ProtectedRoute />, children: screensFor('member') },
      ...screensFor('admin'),
      { path: '*', ...page(() => import('./routes/not-found.tsx')) },
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
