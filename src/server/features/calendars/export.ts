import ical, { ICalEventStatus } from 'ical-generator';

// The iCalendar files Yardshare writes (ADR 048), with ical-generator. Every event is all-day
// (DATE values): a booking's days are calendar days, the same in every time zone, and listings
// have no time zone of their own. Events carry no one's name, e-mail or address: a feed's secret
// address may be passed on, so it says only what the days are and links to the page behind.

export type FeedEvent = {
  uid: string;
  start: string;
  // Exclusive, as the bookings store it.
  end: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  tentative?: boolean;
};

const DAY = 86_400_000;
// An open-ended community membership is shown for this long from today.
const OPEN_ENDED_DAYS = 365;

export const openEnd = (start: string, now: Date) => {
  const from = Math.max(Date.parse(`${start}T00:00:00Z`), now.getTime());
  return new Date(from + OPEN_ENDED_DAYS * DAY).toISOString().slice(0, 10);
};

export function writeCalendar(name: string, events: FeedEvent[], now: Date): string {
  const cal = ical({ name, prodId: { company: 'Yardshare', product: 'Yardshare', language: 'EN' } });
  for (const e of events) {
    cal.createEvent({
      id: e.uid,
      start: e.start,
      end: e.end,
      allDay: true,
      stamp: now,
      summary: e.summary,
      description: e.description,
      location: e.location,
      url: e.url,
      status: e.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
