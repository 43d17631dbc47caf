// Dates, numbers and money for people, in the page's language (ADR 031), written once for every
// feature. `locale` is the page's (useLingui().i18n.locale); English keeps the spec's formats.
import { centsToDecimal } from '#shared/money.ts';

const INTL_LOCALES: Record<string, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ja: 'ja-JP',
};

// The BCP 47 tag Intl formats a page language with.
export function intlLocale(locale = 'en'): string {
  return INTL_LOCALES[locale] ?? 'en-US';
}

// English month names, for code that needs the English word (e-mails and tests use monthName).
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

// "March" / "marzo" / "3月" for a month number 1-12.
export function monthName(month: number, locale = 'en'): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleDateString(intlLocale(locale), {
    month: 'long',
    timeZone: 'UTC',
  });
}

// "Nov 22, 2026, 8:19 PM", in the browser's time zone.
export function formatDateTime(iso: string, locale = 'en'): string {
  return new Date(iso).toLocaleString(intlLocale(locale), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

// "Nov 22, 2026", in the browser's time zone.
export function formatDate(iso: string, locale = 'en'): string {
  return new Date(iso).toLocaleDateString(intlLocale(locale), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

// "November 2026" (UTC, so pre-rendered and hydrated markup agree).
export function formatMonthYear(iso: string, locale = 'en'): string {
  return new Date(iso).toLocaleDateString(intlLocale(locale), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

// "1,234" / "1.234" / "1 234".
export function formatNumber(n: number, locale = 'en'): string {
  return n.toLocaleString(intlLocale(locale));
}

// Dollars, always USD: "$12.72" in English (the spec's form), "12,72 US$" / "12,72 $US" / "$12.72"
// elsewhere as Intl writes it. Integer cents in; whole dollars drop the decimals only when asked.
export function formatMoney(cents: number, locale = 'en', { whole = false } = {}): string {
  if (locale === 'en') return whole && cents % 100 === 0 ? `$${cents / 100}` : `$${centsToDecimal(cents)}`;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole && cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

// "Nov 22, 2026" for a yyyy-mm-dd day, the same on the server and in the browser.
export function utcDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
