import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type ComponentType, use } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { hasMessages, loadMessages, type MessageGroup } from '#client/lib/i18n.ts';
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

// The spec's route table (section 2). Each screen is its own chunk; pages that combine features
// live in ./routes.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', ...page(() => import('./routes/home.tsx'), 'shell') },
      { path: '/auth', ...page(() => import('#client/features/auth/components/auth-page.tsx')) },
      {
        path: '/reset-password',
        ...page(() => import('#client/features/auth/components/reset-password-page.tsx')),
      },
      {
        path: '/verify-email',
        ...page(() => import('#client/features/account/components/verify-email-page.tsx')),
      },
      {
        path: '/unsubscribe',
        ...page(() => import('#client/features/account/components/unsubscribe-page.tsx')),
      },
      { path: '/listings', ...page(() => import('./routes/listings-route.tsx')) },
      {
        path: '/listings/:id',
        ...page(() => import('./routes/listing-detail.tsx')),
      },
      {
        path: '/listing/:id',
        ...page(() => import('./routes/listing-detail.tsx')),
      },
      { path: '/users/:id', ...page(() => import('./routes/user-profile.tsx')) },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/create-listing',
            ...page(() => import('#client/features/listings/components/create-listing-page.tsx')),
          },
          {
            path: '/listings/:id/edit',
            ...page(() => import('#client/features/listings/components/edit-listing-page.tsx')),
          },
          { path: '/profile', ...page(() => import('./routes/profile.tsx')) },
          {
            path: '/messages',
            ...page(() => import('#client/features/messages/components/messages-page.tsx')),
          },
          {
            path: '/messages/:id',
            ...page(() => import('#client/features/messages/components/messages-page.tsx')),
          },
          { path: '/bookings', ...page(() => import('./routes/bookings-page.tsx')) },
          { path: '/bookings/:id', ...page(() => import('./routes/booking-page.tsx')) },
          { path: '/saved', ...page(() => import('./routes/saved-page.tsx')) },
          {
            path: '/earnings',
            ...page(() => import('#client/features/payouts/components/earnings-page.tsx')),
          },
          {
            path: '/notifications',
            ...page(() => import('#client/features/notifications/components/notifications-page.tsx')),
          },
        ],
      },
      {
        path: '/how-it-works',
        ...page(() => import('#client/features/content/how-it-works-page.tsx'), 'content'),
      },
      {
        path: '/our-mission',
        ...page(() => import('#client/features/content/our-mission-page.tsx'), 'content'),
      },
      {
        path: '/community-stories',
        ...page(() => import('#client/features/content/community-stories-page.tsx'), 'content'),
      },
      { path: '/contact', ...page(() => import('#client/features/content/contact-page.tsx'), 'content') },
      { path: '/terms', ...page(() => import('#client/features/content/terms-page.tsx'), 'content') },
      {
        path: '/privacy-policy',
        ...page(() => import('#client/features/content/privacy-page.tsx'), 'content'),
      },
      {
        path: '/payment/success',
        ...page(() => import('#client/features/payments/components/payment-success-page.tsx')),
      },
      {
        path: '/payment/cancel',
        ...page(() => import('#client/features/payments/components/payment-cancel-page.tsx')),
      },
      { path: '/blog', ...page(() => import('#client/features/content/blog-page.tsx'), 'content') },
      {
        path: '/blog/rise-of-yardsharing',
        ...page(() => import('#client/features/content/blog-article-page.tsx'), 'content'),
      },
      { path: '/resources', ...page(() => import('#client/features/content/resources-page.tsx'), 'content') },
      // The operator console: admins only, everyone else sees the 404 screen (ADR 029).
      { path: '/admin/*', ...page(() => import('./routes/admin.tsx'), 'admin') },
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
