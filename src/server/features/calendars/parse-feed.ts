import ICAL from 'ical.js';
import { FeedError } from './fetch-feed.ts';

// An external feed's events as blocked day ranges (ADR 048), read with ical.js. Listings have no
// time zone of their own: a timed event blocks each calendar day it touches as the feed writes it
// (its TZID's local day, UTC for a time ending in Z). Recurring events are expanded up to the
// window's end; cancelled events block nothing.

export type DayRange = { start: string; end: string };

// How far ahead a feed blocks, and the most ranges one feed or one recurring event gives.
export const WINDOW_DAYS = 730;
const MAX_OCCURRENCES = 1000;
const MAX_RANGES = 3000;

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

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

function rangeOf(start: ICAL.Time, end: ICAL.Time | null): DayRange | null {
  const s = startDay(start);
  let e = end ? endDay(end) : dayOf(Date.parse(`${s}T00:00:00Z`) + DAY);
  // An event with no length still blocks its day.
  if (e <= s) e = dayOf(Date.parse(`${s}T00:00:00Z`) + DAY);
  return { start: s, end: e };
}

export function parseFeed(body: string, now: Date): DayRange[] {
  let root: ICAL.Component;
  try {
    const jcal = ICAL.parse(body);
    root = new ICAL.Component(jcal as unknown as unknown[]);
  } catch {
    throw new FeedError('NOT_CALENDAR');
  }
  if (root.name !== 'vcalendar') throw new FeedError('NOT_CALENDAR');
  const from = dayOf(now.getTime());
  const until = dayOf(now.getTime() + WINDOW_DAYS * DAY);
  const ranges: DayRange[] = [];
  const keep = (r: DayRange | null) => {
    if (!r || r.end <= from || r.start >= until) return;
    ranges.push({ start: [r.start, from].sort()[1], end: [r.end, until].sort()[0] });
  };

  const vevents = root.getAllSubcomponents('vevent');
  // Moved or cancelled single occurrences (RECURRENCE-ID) belong to their series.
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id'));
  for (const vevent of vevents) {
    if (vevent.hasProperty('recurrence-id')) continue;
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(vevent);
      if (!event.startDate) continue;
      if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
      if (!event.isRecurring()) {
        keep(rangeOf(event.startDate, event.endDate));
        continue;
      }
      for (const ex of exceptions)
        if (ex.getFirstPropertyValue('uid') === event.uid) event.relateException(ex);
      const it = event.iterator();
      for (let n = 0; n < MAX_OCCURRENCES; n++) {
        const next = it.next();
        if (!next || startDay(next) >= until) break;
        const o = event.getOccurrenceDetails(next);
        const cancelled =
          String(o.item.component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
        if (!cancelled) keep(rangeOf(o.startDate, o.endDate));
      }
    } catch {
      // One event the library cannot read is skipped; the rest of the feed still counts.
      continue;
    }
    if (ranges.length > MAX_RANGES) throw new FeedError('TOO_BIG');
  }
  return mergeRanges(ranges);
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
