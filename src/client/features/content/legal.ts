import { intlLocale } from '#client/lib/format.ts';

// Terms and privacy were last updated on this date (both: trust and safety, ADR 029).
export const LEGAL_UPDATED = '2026-11-24';

// "November 24, 2026" / "24 de noviembre de 2026" / "2026年11月24日" (UTC: the pages are pre-rendered).
export function formatLegalDate(iso: string, locale = 'en'): string {
  return new Date(iso).toLocaleDateString(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' });
}
