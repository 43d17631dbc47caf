import type { Locale } from '#shared/i18n.ts';

// Intl per language for the dictionaries: the language's BCP 47 tag, numbers and plurals.
export const INTL_TAGS: Record<Locale, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ja: 'ja-JP',
};

export const num = (locale: Locale, n: number) => n.toLocaleString(INTL_TAGS[locale]);

const rules = new Map<Locale, Intl.PluralRules>();
// The form of a word for the number n: plural('fr', 1.5, { one: 'heure', other: 'heures' }) = 'heure'.
export function plural(locale: Locale, n: number, forms: { one: string; other: string }): string {
  let r = rules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(INTL_TAGS[locale]);
    rules.set(locale, r);
  }
  return r.select(n) === 'one' ? forms.one : forms.other;
}
