// Remembering a visitor's language (ADR 031): the ys_lang cookie for a year, and for a signed-in
// user their profile's language too (e-mails and notifications follow it).
import { LOCALE_COOKIE, type Locale } from '#shared/i18n.ts';

const YEAR = 60 * 60 * 24 * 365;

export function rememberLocale(locale: Locale, { signedIn = hasSessionHint() } = {}) {
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference cookie, no API needed.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${YEAR}; samesite=lax`;
  if (signedIn) {
    // keepalive: the request outlives the page load the click starts.
    void fetch('/api/users/me/language', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: locale }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {});
  }
}

export function rememberedLocale(): string | null {
  const m = new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`).exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : null;
}

// The server marks pages sent without a session cookie (meta ys-auth); others may be signed in.
function hasSessionHint(): boolean {
  return document.querySelector('meta[name="ys-auth"][content="anonymous"]') === null;
}
