import { intlLocale } from '#client/lib/format.ts';
import type { Message } from '#shared/messages.ts';

// Dates on the messages page, in the page's language: list times, bubble times and the day
// headings of a thread (in the browser's time zone).
const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(locale: string, kind: 'time' | 'day' | 'fullDay'): Intl.DateTimeFormat {
  const key = `${locale}:${kind}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? { hour: 'numeric', minute: '2-digit' }
        : kind === 'day'
          ? { month: 'short', day: 'numeric' }
          : { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
    f = new Intl.DateTimeFormat(intlLocale(locale), options);
    cache.set(key, f);
  }
  return f;
}

export function messageTime(iso: string, locale: string): string {
  return fmt(locale, 'time').format(new Date(iso));
}

export function shortTime(iso: string, locale: string) {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString()
    ? fmt(locale, 'time').format(d)
    : fmt(locale, 'day').format(d);
}

export function groupByDay(messages: Message[], locale: string): [string, Message[]][] {
  const out: [string, Message[]][] = [];
  for (const m of messages) {
    const day = fmt(locale, 'fullDay').format(new Date(m.createdAt));
    const last = out.at(-1);
    if (last && last[0] === day) last[1].push(m);
    else out.push([day, [m]]);
  }
  return out;
}
