import { clip, displayName, type NotifyInput } from '../../core/notifier.ts';
import type { Tx } from '../../db/client.ts';
import { type Lang, type Localized, localize, mailLang } from '../../mail/lang.ts';
import { bookingWith } from '../bookings/queries.ts';
import { listingTitle } from '../listings/queries.ts';
import { userName } from '../users/queries.ts';

// What the notices of a booking say of it, and how they reach its grower or host (notices.ts,
// booking-notices.ts).

export type Notify = (tx: Tx, input: NotifyInput) => Promise<number | null>;

export type Party = { id: number; name: string };
export type BookingFacts = {
  id: number;
  listingId: number;
  type: 'rental' | 'exchange' | 'community';
  start: string;
  title: string;
  grower: Party;
  host: Party;
};

export const TITLE_CHARS = 60;
export const BODY_CHARS = 140;

// "Mar 1" for 2026-03-01 (each language's own: Lang.day).
export const shortDay = (day: string) => mailLang('en').day(day);
export const hours = (l: Lang, quarters: number) => l.t.hours(quarters / 4);
// "4 stars", or "4 stars: “Lovely plot”".
export const reviewBody = (l: Lang, rating: number, comment: string | null) =>
  comment ? `${l.t.stars(rating)}: ${l.t.quote(clip(comment, BODY_CHARS))}` : l.t.stars(rating);

export async function bookingFacts(tx: Tx, bookingId: number): Promise<BookingFacts | null> {
  const b = await bookingWith(tx, bookingId, (ids) => ({
    title: listingTitle(ids.listingId),
    growerName: userName(ids.growerId),
    hostName: userName(ids.hostId),
  }));
  if (!b) return null;
  return {
    id: b.id,
    listingId: b.listingId,
    type: b.type,
    start: b.start,
    title: clip(b.title, TITLE_CHARS),
    grower: { id: b.growerId, name: displayName({ id: b.growerId, name: b.growerName }) },
    host: { id: b.hostId, name: displayName({ id: b.hostId, name: b.hostName }) },
  };
}

// A notice to one party of the booking, linking to it, by e-mail too (the kind's preference).
export function toBooking(
  notify: Notify,
  tx: Tx,
  b: BookingFacts,
  to: 'grower' | 'host',
  n: { kind: NotifyInput['kind']; title: Localized<string>; body: Localized<string> },
  actor: 'grower' | 'host' | null,
  // More paragraphs for the e-mail only (the agreement's words, ADR 045).
  more: ((l: Lang) => string[]) | null = null,
) {
  const { title, body, kind } = n;
  return notify(tx, {
    kind,
    title,
    body,
    userId: b[to].id,
    actorId: actor ? b[actor].id : null,
    bookingId: b.id,
    listingId: b.listingId,
    link: `/bookings/${b.id}`,
    email: (l) => ({
      subject: localize(title, l),
      paragraphs: [localize(body, l), ...(more ? more(l) : [])],
      action: { label: l.t.viewBooking, url: `/bookings/${b.id}` },
    }),
  });
}
