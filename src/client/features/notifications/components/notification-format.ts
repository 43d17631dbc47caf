// How a notification reads on the page: when it came, and where it leads.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDate, intlLocale } from '#client/lib/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const JUST_NOW = msg`just now`;

// "just now", "5 minutes ago", "yesterday", "3 days ago", then the date: when a notification came,
// in the page's language.
export function relativeTime(iso: string, i18n: I18n, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return i18n._(JUST_NOW);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(i18n.locale), { numeric: 'auto' });
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return rtf.format(-Math.floor(ago / DAY), 'day');
  return formatDate(new Date(then).toISOString(), i18n.locale);
}

// A notification leads somewhere in the app, never off it ('//host' and '/\\host' leave the site).
export const safeLink = (link: string) => (/^\/(?![/\\])/.test(link) ? link : '/');
