import { splitLocale } from './i18n.ts';

// Where sign-in returns a visitor: a path on this site only, as `?next=` carries it, without its
// language prefix (the page's language adds it). Absolute and protocol-relative URLs (`https://x`,
// `//x`, `/\x`), control characters and the auth pages themselves are refused (null): the caller
// goes to '/' instead.

export const NEXT_PARAM = 'next';
const NEXT_MAX = 1000;

// Paths whose return would loop back into signing in.
const NO_RETURN = /^\/(auth|reset-password)(?=[/?#]|$)/;

export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > NEXT_MAX) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  // The URL parser must agree it stays on the same origin.
  const base = 'http://same.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const pathname = splitLocale(url.pathname).path;
  return NO_RETURN.test(pathname) ? null : `${pathname}${url.search}${url.hash}`;
}
