// Every page the client shows, once (ADR 052): the client router builds its routes from this list
// (src/client/app/router.tsx) and the server answers 200 for each path it matches (its page
// handler, src/server/features/seo), so a page loaded directly is never a 404 the screen then hides.
// `access`: who sees the page itself; signed-out visitors of a 'member' page are sent to sign in,
// and everyone but an operator sees the 404 screen at an 'admin' page (ADR 029).

export type PageAccess = 'public' | 'member' | 'admin';

export const PAGE_ROUTES = [
  { path: '/', access: 'public' },
  { path: '/auth', access: 'public' },
  { path: '/reset-password', access: 'public' },
  { path: '/verify-email', access: 'public' },
  { path: '/unsubscribe', access: 'public' },
  { path: '/listings', access: 'public' },
  { path: '/listings/:id', access: 'public' },
  { path: '/listing/:id', access: 'public' },
  { path: '/users/:id', access: 'public' },
  { path: '/create-listing', access: 'member' },
  { path: '/listings/:id/edit', access: 'member' },
  { path: '/profile', access: 'member' },
  { path: '/messages', access: 'member' },
  { path: '/messages/:id', access: 'member' },
  { path: '/bookings', access: 'member' },
  { path: '/bookings/:id', access: 'member' },
  { path: '/saved', access: 'member' },
  { path: '/earnings', access: 'member' },
  { path: '/notifications', access: 'member' },
  { path: '/how-it-works', access: 'public' },
  { path: '/our-mission', access: 'public' },
  { path: '/community-stories', access: 'public' },
  { path: '/contact', access: 'public' },
  { path: '/terms', access: 'public' },
  { path: '/privacy-policy', access: 'public' },
  { path: '/payment/success', access: 'public' },
  { path: '/payment/cancel', access: 'public' },
  { path: '/blog', access: 'public' },
  { path: '/blog/rise-of-yardsharing', access: 'public' },
  { path: '/resources', access: 'public' },
  { path: '/admin/*', access: 'admin' },
] as const satisfies readonly { path: string; access: PageAccess }[];

export type PageRoute = (typeof PAGE_ROUTES)[number];
export type PagePath = PageRoute['path'];

// The route a path (without its language prefix) shows, matched as React Router matches it:
// ':name' is one segment, a trailing '*' any rest; a trailing slash is ignored.
export function matchPageRoute(pathname: string): PageRoute | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const route of PAGE_ROUTES) {
    const pattern = route.path === '/' ? [] : route.path.split('/').slice(1);
    if (pattern.at(-1) === '*') {
      const head = pattern.slice(0, -1);
      if (parts.length >= head.length && head.every((p, i) => segmentMatches(p, parts[i]))) return route;
      continue;
    }
    if (parts.length === pattern.length && pattern.every((p, i) => segmentMatches(p, parts[i]))) return route;
  }
  return null;
}

function segmentMatches(pattern: string, segment: string): boolean {
  if (pattern.startsWith(':')) return segment.length > 0;
  return pattern === segment;
}
