import { createBrowserRouter, type RouteObject } from 'react-router';
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
      { path: '/', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.HomePage }))) },
      { path: '/auth', ...page(() => import('../features/auth/components/auth-page.tsx')) },
      { path: '/listings', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.ListingsPage }))) },
      { path: '/listings/:id', ...page(() => import('../features/listings/components/listing-detail-page.tsx')) },
      { path: '/listing/:id', ...page(() => import('../features/listings/components/listing-detail-page.tsx')) },
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/create-listing', ...page(() => import('../features/listings/components/create-listing-page.tsx')) },
          { path: '/listings/:id/edit', ...page(() => import('../features/listings/components/edit-listing-page.tsx')) },
          { path: '/profile', ...page(() => import('../features/profile/components/profile-page.tsx')) },
          { path: '/messages', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.MessagesPage }))) },
          { path: '/messages/:id', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.MessagesPage }))) },
        ],
      },
      { path: '/how-it-works', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.HowItWorksPage }))) },
      { path: '/our-mission', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.OurMissionPage }))) },
      { path: '/community-stories', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.CommunityStoriesPage }))) },
      { path: '/contact', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.ContactPage }))) },
      { path: '/terms', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.TermsPage }))) },
      { path: '/privacy-policy', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.PrivacyPage }))) },
      { path: '/payment/success', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.PaymentSuccessPage }))) },
      { path: '/payment/cancel', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.PaymentCancelPage }))) },
      { path: '/blog', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.BlogPage }))) },
      { path: '/blog/rise-of-yardsharing', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.BlogArticlePage }))) },
      { path: '/resources', ...page(() => import('./routes/pages.tsx').then((m) => ({ default: m.ResourcesPage }))) },
      { path: '*', ...page(() => import('./routes/not-found.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
