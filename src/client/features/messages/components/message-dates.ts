import type { Message } from '#shared/messages.ts';

// Dates on the messages page: list times, bubble times and the day headings of a thread.
export const timeFmt = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayFmt = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
export function shortTime(iso: string) {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? timeFmt.format(d) : dayFmt.format(d);
}

const fullDayFmt = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
export function groupByDay(messages: Message[]): [string, Message[]][] {
  const out: [string, Message[]][] = [];
  for (const m of messages) {
    const day = fullDayFmt.format(new Date(m.createdAt));
    const last = out.at(-1);
    if (last && last[0] === day) last[1].push(m);
    else out.push([day, [m]]);
  }
  return out;
}
