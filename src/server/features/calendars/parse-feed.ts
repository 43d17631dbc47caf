import ICAL from 'ical.js';
import { FeedError } from './fetch-feed.ts';

// An external feed's events as blocked day ranges (ADR 048), read with ical.js within a budget
// (ADR 055). Listings have no time zone of their own: a timed event blocks each calendar day it
// touches as the feed writes it (its TZID's local day, UTC for a time ending in Z). Recurring
// events are expanded over the window only; cancelled events block nothing. This is pure work on
// a string: the server runs it on the feed pool's threads (feed-pool.ts), tests call it directly.

export type DayRange = { start: string; end: string };

// How far ahead a feed blocks.
export const WINDOW_DAYS = 730;
// The most occurrences one recurring event blocks in the window (a daily event has 731).
const MAX_OCCURRENCES = 1000;

// What one feed may cost, whatever its shape (ADR 055): its events, the occurrences looked at
// across all its events (those before the window too), the merged ranges it leaves, and the time
// it may take (the pool's hard limit stops it too, a little later).
export type FeedBudget = { events: number; occurrences: number; ranges: number; timeMs: number };
export const FEED_BUDGET: FeedBudget = { events: 10_000, occurrences: 20_000, ranges: 3000, timeMs: 2000 };

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');
const overBudget = (what: string) => new FeedError('OVER_BUDGET', `over budget: ${what}`);

// The calendar day a time is on as written, and the exclusive end day of a range ending at it.
function startDay(t: ICAL.Time): string {
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}
function endDay(t: ICAL.Time): string {
  const day = startDay(t);
  // An all-day end or a midnight end is already exclusive; any other time still uses its day.
  if (t.isDate || (t.hour === 0 && t.minute === 0 && t.second === 0)) return day;
  return dayOf(Date.parse(`${day}T00:00:00Z`) + DAY);
}

function rangeOf(start: ICAL.Time, end: ICAL.Time | null): DayRange {
  const s = startDay(start);
  let e = end ? endDay(end) : dayOf(Date.parse(`${s}T00:00:00Z`) + DAY);
  // An event with no length still blocks its day.
  if (e <= s) e = dayOf(Date.parse(`${s}T00:00:00Z`) + DAY);
  return { start: s, end: e };
}

// The days of an occurrence at `t` lasting `lengthS` seconds, as rangeOf gives them, without
// building its end time: the clock as written, plus the length.
function rangeFor(t: ICAL.Time, lengthS: number): DayRange {
  const startMs = t.isDate
    ? Date.UTC(t.year, t.month - 1, t.day)
    : Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const s = startDay(t);
  const endMs = startMs + Math.max(0, lengthS) * 1000;
  const intoDay = ((endMs % DAY) + DAY) % DAY;
  let e = dayOf(intoDay === 0 ? endMs : endMs - intoDay + DAY);
  if (e <= s) e = dayOf(Date.parse(`${s}T00:00:00Z`) + DAY);
  return { start: s, end: e };
}

// A date as written (YYYY-MM-DD...) that names a real day: ical.js reads 2027-02-30 as March 2.
function realDay(written: unknown): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(written));
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= ICAL.Time.daysInMonth(mo, y);
}

// The month days a MONTHLY or YEARLY rule's occurrences must fall on (its BYMONTHDAY, or DTSTART's
// day when the rule names no day), or null when it picks days otherwise. ical.js rolls a missing
// day into the next month (BYMONTH=2;BYMONTHDAY=30 gives March 2), so an occurrence off these days
// is no day of the rule and blocks nothing.
function monthDaysOf(rule: ICAL.Recur, start: ICAL.Time): number[] | null {
  const p = rule.parts;
  if (p.BYMONTHDAY?.length) return p.BYMONTHDAY;
  if (rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY') return null;
  if (p.BYDAY?.length || p.BYYEARDAY?.length || p.BYWEEKNO?.length) return null;
  return [start.day];
}
function onMonthDay(t: ICAL.Time, days: number[]): boolean {
  const last = ICAL.Time.daysInMonth(t.month, t.year);
  return days.some((d) => (d > 0 ? t.day === d : t.day === last + d + 1));
}

// Where a rule's expansion starts. A rule with an end count must be counted from DTSTART; any
// other is moved forward by whole periods to just before the window, keeping every default it
// takes from DTSTART (the weekday, the month day), so a DTSTART in 1900 costs nothing. The moved
// start is the expansion's first answer even when it is no day of the rule: it lies before the
// window by more than the event's length, so it blocks nothing.
function expansionStart(event: ICAL.Event, rule: ICAL.Recur, before: number): ICAL.Time {
  const start = event.startDate;
  const lengthDays = Math.max(0, event.duration?.toSeconds() ?? 0) / 86_400;
  const target = before - (Math.ceil(lengthDays) + 2) * DAY;
  const startMs = Date.UTC(start.year, start.month - 1, start.day);
  if (rule.count || startMs >= target) return start;
  const gapDays = Math.floor((target - startMs) / DAY);
  const interval = Math.max(1, rule.interval || 1);
  const moved = start.clone();
  const byDays = (periodDays: number) => {
    moved.adjust(Math.floor(gapDays / periodDays) * periodDays, 0, 0, 0);
    return moved;
  };
  switch (rule.freq) {
    case 'DAILY':
      return byDays(interval);
    case 'WEEKLY':
      return byDays(7 * interval);
    case 'HOURLY':
    case 'MINUTELY':
    case 'SECONDLY': {
      const unit = { HOURLY: 3600, MINUTELY: 60, SECONDLY: 1 }[rule.freq];
      // Whole days are whole periods only when a period divides a day.
      return 86_400 % (unit * interval) === 0 ? byDays(1) : start;
    }
    case 'MONTHLY':
    case 'YEARLY': {
      // A YEARLY rule by week number takes its weekday from DTSTART, which a move by years changes.
      if (rule.freq === 'YEARLY' && rule.parts.BYWEEKNO?.length && !rule.parts.BYDAY?.length) return start;
      const stepMonths = rule.freq === 'MONTHLY' ? interval : 12 * interval;
      const targetDate = new Date(target);
      const gapMonths =
        (targetDate.getUTCFullYear() - start.year) * 12 + targetDate.getUTCMonth() + 1 - start.month - 1;
      // Back a period at a time until DTSTART's day exists in that month (the 31st, February 29).
      for (let k = Math.floor(gapMonths / stepMonths); k > 0; k--) {
        const months = start.month - 1 + k * stepMonths;
        const year = start.year + Math.floor(months / 12);
        const month = (months % 12) + 1;
        if (start.day > ICAL.Time.daysInMonth(month, year)) continue;
        moved.year = year;
        moved.month = month;
        return moved;
      }
      return start;
    }
    default:
      return start;
  }
}

export function parseFeed(body: string, now: Date, budget: FeedBudget = FEED_BUDGET): DayRange[] {
  const deadline = performance.now() + budget.timeMs;
  // Counted on the text, before the library builds anything from it.
  if ((body.match(/^BEGIN:VEVENT\r?$/gim)?.length ?? 0) > budget.events) throw overBudget('events');
  let root: ICAL.Component;
  try {
    const jcal = ICAL.parse(body);
    root = new ICAL.Component(jcal as unknown as unknown[]);
  } catch {
    throw new FeedError('NOT_CALENDAR');
  }
  if (root.name !== 'vcalendar') throw new FeedError('NOT_CALENDAR');
  if (performance.now() > deadline) throw overBudget('time');
  const windowStart = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  const from = dayOf(windowStart);
  const until = dayOf(windowStart + WINDOW_DAYS * DAY);
  const ranges: DayRange[] = [];
  const keep = (r: DayRange) => {
    if (r.end <= from || r.start >= until) return;
    ranges.push({ start: [r.start, from].sort()[1], end: [r.end, until].sort()[0] });
  };
  let looked = 0;
  const lookedAt = () => {
    if (++looked > budget.occurrences) throw overBudget('occurrences');
    if (looked % 256 === 0 && performance.now() > deadline) throw overBudget('time');
  };

  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > budget.events) throw overBudget('events');
  // Moved or cancelled single occurrences (RECURRENCE-ID) belong to their series.
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const v of vevents) {
    if (!v.hasProperty('recurrence-id')) continue;
    const uid = String(v.getFirstPropertyValue('uid') ?? '');
    exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
  }
  const cancelled = (c: ICAL.Component) =>
    String(c.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

  for (const vevent of vevents) {
    lookedAt();
    if (vevent.hasProperty('recurrence-id')) continue;
    try {
      // A date that names no day (February 30) makes the event unreadable: it is skipped.
      const asWritten = (name: string) => vevent.getFirstProperty(name)?.jCal[3];
      if (!realDay(asWritten('dtstart'))) continue;
      if (vevent.hasProperty('dtend') && !realDay(asWritten('dtend'))) continue;
      // Its own exceptions, given: left to find them, ical.js scans every event of the feed for
      // each event (36,000 events: over a billion steps) and relates other series' ones too.
      const own = exceptions.get(String(vevent.getFirstPropertyValue('uid') ?? '')) ?? [];
      const event = new ICAL.Event(vevent, { exceptions: own, strictExceptions: true });
      if (!event.startDate || cancelled(vevent)) continue;
      if (!event.isRecurring()) {
        keep(rangeOf(event.startDate, event.endDate));
        continue;
      }
      const rules = vevent.getAllProperties('rrule').map((p) => p.getFirstValue() as ICAL.Recur);
      // One rule can be moved ahead; several (rare) are expanded from DTSTART, within the budget.
      const startAt = rules.length === 1 ? expansionStart(event, rules[0], windowStart) : event.startDate;
      const monthDays = rules.length === 1 ? monthDaysOf(rules[0], event.startDate) : null;
      const written = new Set([event.startDate.toString()]);
      for (const p of vevent.getAllProperties('rdate'))
        for (const v of p.getValues()) if (v instanceof ICAL.Time) written.add(v.toString());
      // A moved occurrence from before the expansion's start is not met by it: its own days count.
      for (const ex of own) {
        const id = ex.getFirstPropertyValue('recurrence-id') as ICAL.Time | null;
        if (id && id.compare(startAt) < 0 && !cancelled(ex)) {
          const moved = new ICAL.Event(ex);
          if (moved.startDate) keep(rangeOf(moved.startDate, moved.endDate));
        }
      }
      const lengthS = event.duration.toSeconds();
      const it = event.iterator(startAt);
      for (let kept = 0; kept < MAX_OCCURRENCES; ) {
        lookedAt();
        const next = it.next();
        if (!next || startDay(next) >= until) break;
        // DTSTART and RDATEs are days as written; only the rule's own answers are checked.
        if (monthDays && !onMonthDay(next, monthDays) && !written.has(next.toString())) continue;
        let r: DayRange;
        if (own.length === 0) r = rangeFor(next, lengthS);
        else {
          const o = event.getOccurrenceDetails(next);
          if (cancelled(o.item.component)) continue;
          r = rangeOf(o.startDate, o.endDate);
        }
        if (r.end > from) kept++;
        keep(r);
      }
    } catch (err) {
      // Over budget stops the feed; any other failure is this event's own: it is skipped, the
      // rest of the feed still counts.
      if (err instanceof FeedError) throw err;
    }
  }
  const merged = mergeRanges(ranges);
  if (merged.length > budget.ranges) throw overBudget('ranges');
  return merged;
}

// Overlapping and touching ranges become one, in order.
export function mergeRanges(ranges: DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const out: DayRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.start <= last.end) {
      if (r.end > last.end) last.end = r.end;
    } else out.push({ ...r });
  }
  return out;
}
