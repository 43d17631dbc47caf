import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { formatDateTime, utcDay } from '#client/lib/format.ts';
import type { WaitlistOffer } from '#shared/waitlists.ts';

// The dates a grower asked for, as they asked: "From Mar 1, 2027 for 3 months", or open-ended.
export function wantedText(e: { start: string; months: number | null }, i18n: I18n): string {
  const start = utcDay(e.start, i18n.locale);
  const n = e.months;
  if (n === null) return i18n._(msg`From ${start}, open-ended`);
  const months = i18n._(msg`${plural(n, { one: '# month', other: '# months' })}`);
  return i18n._(msg`From ${start} for ${months}`);
}

// The dates offered, as the server set them (the stored end is exclusive: the last day is before it).
export function offeredText(o: Pick<WaitlistOffer, 'start' | 'end'>, i18n: I18n): string {
  const start = utcDay(o.start, i18n.locale);
  if (!o.end) return i18n._(msg`From ${start}, open-ended`);
  const lastDay = new Date(Date.parse(`${o.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const last = utcDay(lastDay, i18n.locale);
  return `${start} – ${last}`;
}

// The moment an offer lapses, in the reader's own time zone: "Dec 1, 2026, 3:05 PM".
export const expiryText = (o: Pick<WaitlistOffer, 'expiresAt'>, i18n: I18n) =>
  formatDateTime(o.expiresAt, i18n.locale);
