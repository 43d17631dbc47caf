import { DEFAULT_LOCALE, isLocale, type Locale, localePath } from '#shared/i18n.ts';
import { formatUsd } from '#shared/money.ts';
import { TEXTS } from '#shared/texts/all.ts';
import { INTL_TAGS } from '#shared/texts/format.ts';
import type { MailTexts } from '#shared/texts/types.ts';

export type { MailTexts };

// The words of e-mails and notifications are each language's mail.ts in src/shared/texts (ADR 031,
// 035): typed tables, not Lingui (the server is built by esbuild and renders for the recipient, not
// the request).

// One recipient's language: the words, and the values formatted as that language writes them.
export type Lang = {
  locale: Locale;
  t: MailTexts;
  // "Mar 1" for 2026-03-01 (en); "1 mar", "1 mars", "1. März", "3月1日".
  day: (isoDay: string) => string;
  // A moment, in UTC: "Mar 2, 12:00 PM UTC" (en).
  at: (moment: Date) => string;
  // "$12.50" (en); "12,50 US$", "12,50 $US", "12,50 $", "$12.50".
  usd: (cents: number) => string;
  // A path of the app in the recipient's language, absolute on `origin`: /es/bookings/3.
  url: (origin: string, path: string) => string;
};

const langs = new Map<Locale, Lang>();

export function mailLang(locale: string | null | undefined): Lang {
  const l: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let lang = langs.get(l);
  if (!lang) {
    const days = new Intl.DateTimeFormat(INTL_TAGS[l], { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const moments = new Intl.DateTimeFormat(INTL_TAGS[l], {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
    const money = new Intl.NumberFormat(INTL_TAGS[l], { style: 'currency', currency: 'USD' });
    lang = {
      locale: l,
      t: TEXTS[l].mail,
      day: (isoDay) => days.format(new Date(`${isoDay}T00:00:00Z`)),
      at: (moment) => moments.format(moment),
      usd: (cents) => (l === DEFAULT_LOCALE ? formatUsd(cents) : money.format(cents / 100)),
      url: (origin, path) => `${origin}${localePath(l, path)}`,
    };
    langs.set(l, lang);
  }
  return lang;
}

// A text that depends on the recipient's language: the text, or how to write it in a language.
export type Localized<T> = T | ((lang: Lang) => T);

export const localize = <T>(value: Localized<T>, lang: Lang): T =>
  typeof value === 'function' ? (value as (lang: Lang) => T)(lang) : value;
