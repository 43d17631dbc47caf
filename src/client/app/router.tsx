import { type ComponentType, use } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { ProtectedRoute } from './protected-route.tsx';
import { RootLayout } from './root-layout.tsx';

type Module = { default: ComponentType };
export type PageHandle = { preload: () => Promise<unknown> };

// A screen loaded on demand (its own chunk). Unlike React.lazy it renders at once when its code is
// already there, so the browser can load the matched screens first (preload) and then hydrate the
// server's markup without suspending (docs/decisions/011, 028).
type Screen = { load: () => Promise<Module>; Loaded?: ComponentType; pending?: Promise<void> };

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

function LazyScreen({ screen }: { screen: Screen }) {
  if (!screen.Loaded) use(preload(screen));
  const Loaded = screen.Loaded as ComponentType;
  return <Loaded />;
}

const page = (load: () => Promise<Module>): Pick<RouteObject, 'element' | 'handle'> => {
  const screen: Screen = { load };
  return {
    element: <LazyScreen screen={screen} />,
    handle: { preload: () => preload(screen) } satisfies PageHandle,
  };
};

// The spec's route table (section 2). Each screen is its own chunk; pages that combine features
// live in ./routes.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', ...page(() => import('./routes/home.tsx')) },
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
            path: '/notifications',
            ...page(() => import('#client/features/notifications/components/notifications-page.tsx')),
          },
        ],
      },
      { path: '/how-it-works', ...page(() => import('#client/features/content/how-it-works-page.tsx')) },
      { path: '/our-mission', ...page(() => import('#client/features/content/our-mission-page.tsx')) },
      {
        path: '/community-stories',
        ...page(() => import('#client/features/content/community-stories-page.tsx')),
      },
      { path: '/contact', ...page(() => import('#client/features/content/contact-page.tsx')) },
      { path: '/terms', ...page(() => import('#client/features/content/terms-page.tsx')) },
      { path: '/privacy-policy', ...page(() => import('#client/features/content/privacy-page.tsx')) },
      {
        path: '/payment/success',
        ...page(() => import('#client/features/payments/components/payment-success-page.tsx')),
      },
      {
        path: '/payment/cancel',
        ...page(() => import('#client/features/payments/components/payment-cancel-page.tsx')),
      },
      { path: '/blog', ...page(() => import('#client/features/content/blog-page.tsx')) },
      {
        path: '/blog/rise-of-yardsharing',
        ...page(() => import('#client/features/content/blog-article-page.tsx')),
      },
      { path: '/resources', ...page(() => import('#client/features/content/resources-page.tsx')) },
      // The operator console: admins only, everyone else sees the 404 screen (ADR 029).
      { path: '/admin/*', ...page(() => import('./routes/admin.tsx')) },
      { path: '*', ...page(() => import('./routes/not-found.tsx')) },
    ],
  },
];

// The matched screens' code, loaded before the first render of a pre-rendered page.
export function preloadScreens(matches: { route: RouteObject }[]): Promise<unknown> {
  return Promise.all(matches.map(({ route }) => (route.handle as PageHandle | undefined)?.preload()));
}

export function AppRoutes() {
  return useRoutes(routes);
}
