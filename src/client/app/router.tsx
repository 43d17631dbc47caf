import type { RouteObject } from 'react-router';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { RootLayout } from './root-layout.tsx';

type Module = { default: React.ComponentType };
const page = (load: () => Promise<Module>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

// The spec's route table (section 2). Each screen is its own chunk; pages that combine features
// live in ./routes.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <CenteredSpinner />,
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
      { path: '*', ...page(() => import('./routes/not-found.tsx')) },
    ],
  },
];
