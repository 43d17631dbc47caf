import type { ComponentType } from 'react';
import type { PagePath } from '#shared/page-routes.ts';

type Module = { default: ComponentType };

// How to load each screen but the home page's, each its own chunk. This table (and the list of
// chunk files each screen needs) is only wanted when another page is shown, so it is a chunk of
// its own too: a first visit to / does not download it before its first render (ADR 028). Pages
// that combine features live in ./routes. A path of the page list without a screen is a type error.
export const SCREENS: Record<Exclude<PagePath, '/'>, () => Promise<Module>> = {
  '/auth': () => import('#client/features/auth/components/auth-page.tsx'),
  '/reset-password': () => import('#client/features/auth/components/reset-password-page.tsx'),
  '/verify-email': () => import('#client/features/account/components/verify-email-page.tsx'),
  '/unsubscribe': () => import('#client/features/account/components/unsubscribe-page.tsx'),
  '/listings': () => import('./routes/listings-route.tsx'),
  '/listings/:id': () => import('./routes/listing-detail.tsx'),
  '/listing/:id': () => import('./routes/listing-detail.tsx'),
  '/users/:id': () => import('./routes/user-profile.tsx'),
  '/create-listing': () => import('#client/features/listings/components/create-listing-page.tsx'),
  '/listings/:id/edit': () => import('./routes/edit-listing.tsx'),
  '/profile': () => import('./routes/profile.tsx'),
  '/messages': () => import('#client/features/messages/components/messages-page.tsx'),
  '/messages/:id': () => import('#client/features/messages/components/messages-page.tsx'),
  '/bookings': () => import('./routes/bookings-page.tsx'),
  '/bookings/:id': () => import('./routes/booking-page.tsx'),
  '/saved': () => import('./routes/saved-page.tsx'),
  '/earnings': () => import('#client/features/payouts/components/earnings-page.tsx'),
  '/notifications': () => import('#client/features/notifications/components/notifications-page.tsx'),
  '/how-it-works': () => import('#client/features/content/how-it-works-page.tsx'),
  '/our-mission': () => import('#client/features/content/our-mission-page.tsx'),
  '/community-stories': () => import('#client/features/content/community-stories-page.tsx'),
  '/contact': () => import('#client/features/content/contact-page.tsx'),
  '/terms': () => import('#client/features/content/terms-page.tsx'),
  '/privacy-policy': () => import('#client/features/content/privacy-page.tsx'),
  '/payment/success': () => import('#client/features/payments/components/payment-success-page.tsx'),
  '/payment/cancel': () => import('#client/features/payments/components/payment-cancel-page.tsx'),
  '/blog': () => import('#client/features/content/blog-page.tsx'),
  '/blog/rise-of-yardsharing': () => import('#client/features/content/blog-article-page.tsx'),
  '/resources': () => import('#client/features/content/resources-page.tsx'),
  // The operator console: admins only, everyone else sees the 404 screen (ADR 029).
  '/admin/*': () => import('./routes/admin.tsx'),
};

// Any path no page answers.
export const notFound = (): Promise<Module> => import('./routes/not-found.tsx');
