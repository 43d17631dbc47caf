import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { FeedError } from './fetch-feed.ts';
import {
  type DayRange,
  FEED_BUDGET,
  type FeedBudget,
  mergeRanges,
  parseFeed,
  WINDOW_DAYS,
} from './parse-feed.ts';
import {
  calendar,
  dailySince1900,
  FEED_CAP_BYTES,
  plainEvents,
  repeatingEvents,
  toSize,
} from './testing/hostile-feeds.ts';

// Reading a feed within its budget (ADR 055), in this process: the counts are tested with time to
// spare (a loaded test machine must not turn a count into a timeout), the time on its own.
const now = new Date('2026-06-15T10:00:00Z');
const roomy: FeedBudget = { ...FEED_BUDGET, timeMs: 60_000 };
const DAY = 86_400_000;
const dayIn = (days: number) =>
  new Date(Date.parse('2026-06-15T00:00:00Z') + days * DAY).toISOString().slice(0, 10);
const windowEnd = dayIn(WINDOW_DAYS);

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    if (err instanceof FeedError) return `${err.code}: ${err.message}`;
    throw err;
  }
  return 'read';
}
const event = (lines: string) => `BEGIN:VEVENT\r\n${lines.trim().split('\n').join('\r\n')}\r\nEND:VEVENT`;

describe('the hostile feeds of issue 62', () => {
  it('refuses a 2 MB feed of plain events by their count, before building anything', () => {
    const feed = toSize(plainEvents);
    expect(feed.length).toBeLessThanOrEqual(FEED_CAP_BYTES);
    expect(feed.length).toBeGreaterThan(FEED_CAP_BYTES - 200);
    expect(refusal(() => parseFeed(feed, now, roomy))).toBe('OVER_BUDGET: over budget: events');
    expect(refusal(() => parseFeed(plainEvents(36_000), now, roomy))).toBe(
      'OVER_BUDGET: over budget: events',
    );
  });

  it('reads a feed of as many plain events as the budget allows', () => {
    const ranges = parseFeed(plainEvents(FEED_BUDGET.events, now.getTime()), now, roomy);
    // 700 days in a row from today.
    expect(ranges).toEqual([{ start: dayIn(0), end: dayIn(700) }]);
  });

  it('expands a daily event since 1900 over the window only, and blocks every day of it', () => {
    const ranges = parseFeed(dailySince1900(20), now, roomy);
    expect(ranges).toEqual([{ start: dayIn(0), end: windowEnd }]);
  });

  it('refuses 2,000 daily events since 1900 by the occurrences looked at', () => {
    expect(refusal(() => parseFeed(dailySince1900(2000), now, roomy))).toBe(
      'OVER_BUDGET: over budget: occurrences',
    );
  });

  it('refuses 500 repeating events, and a 2 MB file of them', () => {
    const small = repeatingEvents(500);
    expect(small.length).toBeLessThan(50 * 1024);
    expect(refusal(() => parseFeed(small, now, roomy))).toBe('OVER_BUDGET: over budget: occurrences');
    const big = toSize(repeatingEvents);
    expect(big.length).toBeGreaterThan(FEED_CAP_BYTES - 200);
    expect(refusal(() => parseFeed(big, now, roomy))).toBe('OVER_BUDGET: over budget: events');
  });

  it('reads as many repeating events as the occurrences allow', () => {
    // About 40 of these kinds fit in 20,000 occurrences over two years.
    expect(parseFeed(repeatingEvents(40), now, roomy).length).toBeGreaterThan(0);
  });

  it('stops a feed that takes longer than its time', () => {
    // Within the counts (20 x 731 occurrences), not within a millisecond.
    expect(refusal(() => parseFeed(dailySince1900(20), now, { ...roomy, timeMs: 1 }))).toBe(
      'OVER_BUDGET: over budget: time',
    );
  });

  it('refuses a feed that leaves more ranges than a listing keeps', () => {
    // Every other day: 350 ranges that do not touch, with a budget of 300.
    const events = Array.from({ length: 350 }, (_, i) =>
      event(`UID:o${i}\nDTSTART;VALUE=DATE:${dayIn(2 * i).replaceAll('-', '')}`),
    );
    expect(refusal(() => parseFeed(calendar(events), now, { ...roomy, ranges: 300 }))).toBe(
      'OVER_BUDGET: over budget: ranges',
    );
    expect(parseFeed(calendar(events), now, roomy)).toHaveLength(350);
  });
});

describe('one event at a time', () => {
  const around = (middle: string) =>
    calendar([
      event('UID:a\nDTSTART;VALUE=DATE:20270110'),
      middle,
      event('UID:c\nDTSTART;VALUE=DATE:20270120'),
    ]);
  const good = [
    { start: '2027-01-10', end: '2027-01-11' },
    { start: '2027-01-20', end: '2027-01-21' },
  ];

  it('skips an event the library cannot read, and keeps the rest of the feed', () => {
    // An exception whose RECURRENCE-ID is no time: once related to every event of the feed.
    const bad = event('UID:b\nRECURRENCE-ID:garbage\nDTSTART;VALUE=DATE:20270112');
    expect(parseFeed(around(bad), now)).toEqual(good);
  });

  it('relates an exception to its own series only', () => {
    const series = event('UID:s\nDTSTART;VALUE=DATE:20270201\nRRULE:FREQ=DAILY;COUNT=3');
    // Another series' exception with the same RECURRENCE-ID, cancelled: it must not cancel this one.
    const other = event(
      'UID:t\nRECURRENCE-ID;VALUE=DATE:20270202\nDTSTART;VALUE=DATE:20270202\nSTATUS:CANCELLED',
    );
    expect(parseFeed(calendar([series, other]), now)).toEqual([{ start: '2027-02-01', end: '2027-02-04' }]);
  });

  it('makes no day of a date that does not exist', () => {
    expect(parseFeed(around(event('UID:b\nDTSTART;VALUE=DATE:20270230')), now)).toEqual(good);
    expect(
      parseFeed(around(event('UID:b\nDTSTART;VALUE=DATE:20270212\nDTEND;VALUE=DATE:20270231')), now),
    ).toEqual(good);
  });

  it('gives no February day to a rule on the 30th', () => {
    const on30th = [
      'FREQ=MONTHLY;BYMONTHDAY=30',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=MONTHLY;BYMONTHDAY=29,30',
    ].map((rule, i) => event(`UID:m${i}\nDTSTART;VALUE=DATE:20260130\nRRULE:${rule}`));
    const days = parseFeed(calendar(on30th), now).flatMap(daysOf);
    expect(days.filter((d) => d.slice(5, 7) === '02')).toEqual(['2028-02-29']);
    expect(days.filter((d) => d.slice(5, 7) === '03')).toEqual([
      '2027-03-29',
      '2027-03-30',
      '2028-03-29',
      '2028-03-30',
    ]);
  });

  it('gives a yearly event of February 29 to leap years only', () => {
    const leap = event('UID:l\nDTSTART;VALUE=DATE:20240229\nRRULE:FREQ=YEARLY');
    expect(parseFeed(calendar([leap]), now)).toEqual([{ start: '2028-02-29', end: '2028-03-01' }]);
  });
});

// Every day a range covers, as YYYY-MM-DD.
function daysOf(r: DayRange): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${r.start}T00:00:00Z`); t < Date.parse(`${r.end}T00:00:00Z`); t += DAY)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

// The same days as expanding every occurrence from DTSTART with ical.js itself.
function expandedFromStart(feed: string): DayRange[] {
  const root = new ICAL.Component(ICAL.parse(feed) as unknown as unknown[]);
  const ranges: DayRange[] = [];
  const from = dayIn(0);
  for (const v of root.getAllSubcomponents('vevent')) {
    const ev = new ICAL.Event(v);
    const it = ev.iterator();
    for (let next = it.next(); next; next = it.next()) {
      const o = ev.getOccurrenceDetails(next);
      const start = o.startDate.toString().slice(0, 10);
      if (start >= windowEnd) break;
      const end = o.endDate;
      let last = end.toString().slice(0, 10);
      if (!end.isDate && (end.hour || end.minute || end.second))
        last = new Date(Date.parse(`${last}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
      if (last <= start) last = new Date(Date.parse(`${start}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
      if (last <= from) continue;
      ranges.push({ start: [start, from].sort()[1], end: [last, windowEnd].sort()[0] });
    }
  }
  return mergeRanges(ranges);
}

describe('a repeating event started long ago', () => {
  const rules: [string, string][] = [
    ['DTSTART;VALUE=DATE:20190103', 'FREQ=DAILY;INTERVAL=3'],
    ['DTSTART;VALUE=DATE:20190103', 'FREQ=WEEKLY'],
    ['DTSTART;VALUE=DATE:20190103', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SA'],
    ['DTSTART;VALUE=DATE:20190131', 'FREQ=MONTHLY'],
    ['DTSTART;VALUE=DATE:20190108', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['DTSTART;VALUE=DATE:20190131', 'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR'],
    ['DTSTART;VALUE=DATE:20190131', 'FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=-1'],
    ['DTSTART;VALUE=DATE:20190331', 'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU'],
    ['DTSTART;VALUE=DATE:20170704', 'FREQ=YEARLY;INTERVAL=2'],
    ['DTSTART:20190103T220000Z\r\nDTEND:20190106T020000Z', 'FREQ=WEEKLY;INTERVAL=3'],
    ['DTSTART:20190103T090000', 'FREQ=HOURLY;INTERVAL=6;UNTIL=20261001T000000'],
    ['DTSTART:20190103T090000Z', 'FREQ=HOURLY;INTERVAL=36'],
    ['DTSTART;VALUE=DATE:20190103', 'FREQ=DAILY;INTERVAL=2;COUNT=1500'],
    ['DTSTART;VALUE=DATE:20190103\r\nEXDATE;VALUE=DATE:20260701,20260703', 'FREQ=DAILY;UNTIL=20260710'],
  ];
  it.each(rules)('%s %s blocks the days ical.js gives from DTSTART', (start, rule) => {
    const feed = calendar([event(`UID:x\n${start.replace('\r\n', '\n')}\nRRULE:${rule}`)]);
    const expected = expandedFromStart(feed);
    expect(expected.length).toBeGreaterThan(0);
    expect(parseFeed(feed, now, roomy)).toEqual(expected);
  });

  it('keeps a moved occurrence from before the window that lands in it', () => {
    const series = event('UID:s\nDTSTART;VALUE=DATE:20190101\nRRULE:FREQ=YEARLY');
    const moved = event('UID:s\nRECURRENCE-ID;VALUE=DATE:20200101\nDTSTART;VALUE=DATE:20260801');
    expect(parseFeed(calendar([series, moved]), now)).toEqual([
      { start: '2026-08-01', end: '2026-08-02' },
      { start: '2027-01-01', end: '2027-01-02' },
      { start: '2028-01-01', end: '2028-01-02' },
    ]);
  });
});
