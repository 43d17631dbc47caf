// How a notification reads on the page: when it came, and where it leads.

// "just now", "5 minutes ago", "yesterday", "3 days ago", then the date: when a notification came.
const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const dateFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return rtf.format(-Math.floor(ago / DAY), 'day');
  return dateFmt.format(then);
}

// A notification leads somewhere in the app, never off it ('//host' and '/\\host' leave the site).
export const safeLink = (link: string) => (/^\/(?![/\\])/.test(link) ? link : '/');
