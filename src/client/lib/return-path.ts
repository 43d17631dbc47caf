import { type Location, useLocation, useSearchParams } from 'react-router';
import { NEXT_PARAM, safeNextPath } from '#shared/return-path.ts';

export type AuthTab = 'login' | 'register';
export const TAB_PARAM = 'tab';

// /auth, asked to return to `from` after signing in (home needs no return), on the given tab.
export function authPath(from: string | null, tab: AuthTab = 'login'): string {
  const next = from ? safeNextPath(from) : null;
  const query = [
    // Slashes stay readable: ?next=/listings/7
    next && next !== '/' ? `${NEXT_PARAM}=${encodeURIComponent(next).replace(/%2F/g, '/')}` : '',
    tab === 'register' ? `${TAB_PARAM}=register` : '',
  ].filter(Boolean);
  return query.length ? `/auth?${query.join('&')}` : '/auth';
}

export const here = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${location.pathname}${location.search}${location.hash}`;

// The /auth link that brings the visitor back to the page they are on.
// On /auth itself, the return path it already has.
export function useAuthPath(tab: AuthTab = 'login'): string {
  const location = useLocation();
  if (location.pathname !== '/auth') return authPath(here(location), tab);
  return authPath(new URLSearchParams(location.search).get(NEXT_PARAM), tab);
}

// On /auth: where to go once signed in; '/' when no safe return path was given.
export function useNextPath(): string {
  const [params] = useSearchParams();
  return safeNextPath(params.get(NEXT_PARAM)) ?? '/';
}
