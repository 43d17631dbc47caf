// Hostile iCalendar feeds of issue 62, made on demand (ADR 055): the shapes that once froze the
// server, for the parser's tests, the server's hostile-feeds suite and benchmarks. Every feed is
// plain ASCII with CRLF lines, so its length in characters is its size in bytes.

// The most a feed may weigh when it is fetched (CALENDAR_IMPORT_MAX_KB's default, ADR 048).
export const FEED_CAP_BYTES = 2048 * 1024;

const DAY = 86_400_000;
const compact = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const today = () => Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);

export function calendar(events: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Yardshare tests//hostile feeds//EN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

// n one-day events, each on its own day from `from` (today) on, 700 days round.
export function plainEvents(n: number, from: number = today()): string {
  const events: string[] = [];
  for (let i = 0; i < n; i++)
    events.push(
      `BEGIN:VEVENT\r\nUID:p${i}\r\nDTSTART;VALUE=DATE:${compact(from + (i % 700) * DAY)}\r\nEND:VEVENT`,
    );
  return calendar(events);
}

// n all-day events repeating every day since a day of January 1900, with no end.
export function dailySince1900(n: number): string {
  const from = Date.UTC(1900, 0, 1);
  const events: string[] = [];
  for (let i = 0; i < n; i++)
    events.push(
      `BEGIN:VEVENT\r\nUID:d${i}\r\nDTSTART;VALUE=DATE:${compact(from + (i % 28) * DAY)}\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT`,
    );
  return calendar(events);
}

// n repeating events of the kinds calendars write (daily, weekly on two days, monthly on a day,
// every second day), at a time of day, started some years ago, with no end: about 90 bytes each.
export function repeatingEvents(n: number): string {
  const rules = [
    'FREQ=DAILY',
    'FREQ=WEEKLY;BYDAY=MO,TH',
    'FREQ=MONTHLY;BYMONTHDAY=15',
    'FREQ=DAILY;INTERVAL=2',
  ];
  const events: string[] = [];
  for (let i = 0; i < n; i++) {
    const year = 2000 + (i % 20);
    events.push(
      `BEGIN:VEVENT\r\nUID:r${i}\r\nDTSTART:${year}0301T090000Z\r\nRRULE:${rules[i % rules.length]}\r\nEND:VEVENT`,
    );
  }
  return calendar(events);
}

// The feed `make` gives with as many events as fit in `bytes` (2 MB, the fetch's cap, unless told).
export function toSize(make: (n: number) => string, bytes: number = FEED_CAP_BYTES): string {
  let lo = 0;
  let hi = 64;
  while (make(hi).length <= bytes) [lo, hi] = [hi, hi * 2];
  // make(lo) fits, make(hi) does not.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (make(mid).length <= bytes) lo = mid;
    else hi = mid;
  }
  return make(lo);
}
