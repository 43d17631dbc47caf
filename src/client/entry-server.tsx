// Pre-renders a public page on the server (docs/decisions/011): the same routes and components as
// the browser, with the page's data fetched in-process first. Built by `vite build --ssr` into
// <dist>/ssr/entry-server.js; the server loads it when present.
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { type Locale, localeBasename, splitLocale } from '#shared/i18n.ts';
import { jsonForScript, trimPath } from '#shared/seo.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadScreens, routes } from './app/router.tsx';
import { availabilityQuery, bookingsQuery } from './features/bookings/api/bookings.ts';
import { stayQuoteQuery } from './features/bookings/api/quote.ts';
import { filtersFromParams } from './features/listings/api/browse-filters.ts';
import { featuredListingsQuery, listingQuery } from './features/listings/api/listings.ts';
import { listingsQuery } from './features/listings/api/listings-search.ts';
import { conversationsQuery, publicUserQuery, threadQuery } from './features/messages/api/messages.ts';
import { listingReviewsQuery } from './features/reviews/api/reviews.ts';
import { myWaitlistsQuery } from './features/waitlists/api/waitlists.ts';
import { type Fetcher, getQueryFn } from './lib/api.ts';
import { createI18n, loadMessages } from './lib/i18n.ts';
import { paymentTermsQuery } from './lib/payment-terms.ts';
import { createQueryClient } from './lib/query-client.ts';
import { userQuery } from './lib/session.ts';

// cacheable: the page reads no data, so its markup is the same for every visitor and request.
export type PrerenderedPage = { html: string; state: string; cacheable: boolean; locale: Locale };

// The pages worth painting before any script runs: public and indexable, and not built around a
// form (a form submitted before the page hydrates would send its fields in a plain GET); and
// /auth, whose forms post to the server as plain HTML forms (ADR 052).
const PRERENDERED: RegExp[] = [
  /^\/auth$/,
  /^\/$/,
  /^\/listings$/,
  /^\/listings?\/\d+$/,
  /^\/(how-it-works|our-mission|community-stories|terms|privacy-policy|resources)$/,
  /^\/blog(\/rise-of-yardsharing)?$/,
];

// A member's pages with forms they use before the script (ADR 058): a listing (booking, waiting
// list, review, Contact Host) and a conversation (its message box). Never kept: read as that member.
const MEMBER_PAGES: RegExp[] = [/^\/listings?\/\d+$/, /^\/messages\/\d+$/];

// What a member's page reads besides the public queries: their own data, fetched with their session
// cookie. A failure of these leaves that part to the browser (prefetchQuery never throws).
async function prefetchMember(path: string, qc: QueryClient, fetcher: Fetcher): Promise<void> {
  const user = await qc.fetchQuery({ ...userQuery, queryFn: getQueryFn({ on401: 'returnNull', fetcher }) });
  if (!user) return;
  const detail = /^\/listings?\/(\d+)$/.exec(path);
  if (detail) {
    const id = Number(detail[1]);
    await Promise.all([
      qc.prefetchQuery(myWaitlistsQuery),
      qc.prefetchQuery(bookingsQuery),
      qc.prefetchQuery(availabilityQuery(id)),
    ]);
    return;
  }
  const thread = /^\/messages\/(\d+)$/.exec(path);
  if (thread) {
    const other = Number(thread[1]);
    await Promise.all([
      qc.prefetchQuery(conversationsQuery),
      qc.prefetchQuery(threadQuery(other)),
      qc.prefetchQuery(publicUserQuery(other)),
    ]);
  }
}

// The queries the page renders from, fetched before rendering; false when it reads none. A failure
// (an unknown listing, a broken API) throws, and the caller sends the plain page, which shows the
// error itself.
async function prefetch(
  path: string,
  params: URLSearchParams,
  qc: QueryClient,
  fetcher: Fetcher,
  member: boolean,
): Promise<boolean> {
  if (member) await prefetchMember(path, qc, fetcher);
  else qc.setQueryData(userQuery.queryKey, null); // signed out
  if (path.startsWith('/messages/')) return true;
  if (path === '/') {
    await qc.fetchQuery(featuredListingsQuery(undefined, fetcher));
    return true;
  }
  if (path === '/listings') {
    await qc.fetchInfiniteQuery(listingsQuery(filtersFromParams(params), fetcher));
    return true;
  }
  // /auth reads no data, but its forms carry the query (tab, next): one body per address, not kept.
  if (path === '/auth') return true;
  const detail = /^\/listings?\/(\d+)$/.exec(path);
  if (detail) {
    const id = Number(detail[1]);
    const [listing] = await Promise.all([
      qc.fetchQuery(listingQuery(id)),
      qc.fetchQuery(listingReviewsQuery(id)),
    ]);
    // The booking card's amounts for its first dates (today, one month), as the browser would ask.
    if (member && listing.type === 'rental' && listing.price)
      await qc.prefetchQuery(stayQuoteQuery(id, { start: '', months: 1, plan: 'whole' }));
    return true;
  }
  return false;
}

// The markup for #root and the query state to hydrate it with, or null for a page the browser
// renders by itself.
export async function render(
  href: string,
  { origin, fetcher, member = false }: { origin: string; fetcher: Fetcher; member?: boolean },
): Promise<PrerenderedPage | null> {
  const url = new URL(href);
  const { locale, path: unprefixed } = splitLocale(url.pathname);
  const path = trimPath(unprefixed);
  const basename = localeBasename(locale);
  if (!(member ? MEMBER_PAGES : PRERENDERED).some((re) => re.test(path))) return null;
  if (path === '/listings' && url.searchParams.get('view') === 'map') return null; // the map needs a browser

  const queryClient = createQueryClient(fetcher);
  // The money terms the texts quote (ADR 045): the same for every visitor, so still cacheable.
  await queryClient.fetchQuery(paymentTermsQuery);
  const readsData = (await prefetch(path, url.searchParams, queryClient, fetcher, member)) || member;
  const i18n = createI18n(locale);
  await loadMessages(i18n, 'shell');
  await preloadScreens(matchRoutes(routes, url.pathname, basename) ?? [], i18n);
  const html = renderToString(
    <AppProviders queryClient={queryClient} origin={origin} i18n={i18n}>
      <StaticRouter location={url.pathname + url.search} basename={basename || undefined}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  return { html, state: jsonForScript(dehydrate(queryClient)), cacheable: !readsData, locale };
}
