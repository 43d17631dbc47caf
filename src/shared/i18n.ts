// The site's languages and how a URL carries one (ADR 031): English is unprefixed, the others live
// under /es, /fr, /de and /ja with the same paths after the prefix.
import { LANGUAGES } from './constants.ts';

export type Locale = (typeof LANGUAGES)[number];
export const LOCALES: readonly Locale[] = LANGUAGES;
export const DEFAULT_LOCALE: Locale = 'en';

// The visitor's remembered choice (a user's is their profile's `language`).
export const LOCALE_COOKIE = 'ys_lang';

// Each language named in itself, as the switcher shows it.
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
};

export const OG_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  es: 'es_ES',
  fr: 'fr_FR',
  de: 'de_DE',
  ja: 'ja_JP',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

// '/es/listings/7' -> { locale: 'es', path: '/listings/7' }; '/es' -> { 'es', '/' };
// anything else is English with the path as it is ('/en/...' included: the server redirects it).
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const m = /^\/(es|fr|de|ja)(?=\/|$)(.*)$/.exec(pathname);
  if (!m) return { locale: DEFAULT_LOCALE, path: pathname };
  return { locale: m[1] as Locale, path: m[2] || '/' };
}

// The path of `path` (an unprefixed path, query allowed) in `locale`.
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  if (path === '/' || path.startsWith('/?') || path.startsWith('/#')) return `/${locale}${path.slice(1)}`;
  return `/${locale}${path}`;
}

// React Router's basename for a locale ('' for English).
export function localeBasename(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

// The best of our languages for an Accept-Language header or navigator.languages, or null.
export function pickLocale(preferences: readonly string[] | string | undefined): Locale | null {
  const list =
    typeof preferences === 'string'
      ? preferences
          .split(',')
          .map((part) => {
            const [tag, ...params] = part.trim().split(';');
            const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())).find(Boolean);
            return { tag: tag.trim(), q: q ? Number(q[1]) : 1 };
          })
          .filter((p) => p.tag && p.q > 0)
          .sort((a, b) => b.q - a.q)
          .map((p) => p.tag)
      : (preferences ?? []);
  for (const tag of list) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}
