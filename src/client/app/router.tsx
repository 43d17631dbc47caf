import type { RouteObject } from 'react-router';
import { CenteredSpinner } from '../components/ui/spinner.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { RootLayout } from './root-layout.tsx';

type Module = { default: React.ComponentType };
const page = (load: () => Promise<Module>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

// The spec's route table (section 2). Each screen is its own chunk.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <CenteredSpinner />,
    children: [
      { path: '/', ...page(() => import('../features/home/components/home-page.tsx')) },
      { path: '/auth', ...page(() => import('../features/auth/components/auth-page.tsx')) },
      { path: '/listings', ...page(() => import('../features/listings/components/listings-page.tsx')) },
      {
        path: '/listings/:id',
        ...page(() => import('../features/listings/components/listing-detail-page.tsx')),
      },
      {
        path: '/listing/:id',
        ...page(() => import('../features/listings/components/listing-detail-page.tsx')),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/create-listing',
            ...page(() => import('../features/listings/components/create-listing-page.tsx')),
          },
          {
            path: '/listings/:id/edit',
            ...page(() => import('../features/listings/components/edit-listing-page.tsx')),
          },
          { path: '/profile', ...page(() => import('../features/profile/components/profile-page.tsx')) },
          { path: '/messages', ...page(() => import('../features/messages/components/messages-page.tsx')) },
          {
            path: '/messages/:id',
            ...page(() => import('../features/messages/components/messages-page.tsx')),
          },
        ],
      },
      { path: '/how-it-works', ...page(() => import('../features/content/how-it-works-page.tsx')) },
      { path: '/our-mission', ...page(() => import('../features/content/our-mission-page.tsx')) },
      { path: '/community-stories', ...page(() => import('../features/content/community-stories-page.tsx')) },
      { path: '/contact', ...page(() => import('../features/content/contact-page.tsx')) },
      { path: '/terms', ...page(() => import('../features/content/terms-page.tsx')) },
      { path: '/privacy-policy', ...page(() => import('../features/content/privacy-page.tsx')) },
      {
        path: '/payment/success',
        ...page(() => import('../features/payments/components/payment-success-page.tsx')),
      },
      {
        path: '/payment/cancel',
        ...page(() => import('../features/payments/components/payment-cancel-page.tsx')),
      },
      { path: '/blog', ...page(() => import('../features/content/blog-page.tsx')) },
      {
        path: '/blog/rise-of-yardsharing',
        ...page(() => import('../features/content/blog-article-page.tsx')),
      },
      { path: '/resources', ...page(() => import('../features/content/resources-page.tsx')) },
      { path: '*', ...page(() => import('./routes/not-found.tsx')) },
    ],
  },
];
