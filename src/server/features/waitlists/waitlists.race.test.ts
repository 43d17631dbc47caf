import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, waitlistOffers } from '../../db/schema.ts';
import { bookingsKit, inDays, type Who } from '../../testing/bookings.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { offerDue } from './index.ts';

// Offers are made exactly once under concurrency, on PGlite and PostgreSQL (ADR 049).
const { app, db } = await buildTestApp();
const { host, listing, book, act } = await bookingsKit(app, db);
const settings = { offerMs: 48 * 3_600_000 };
const req = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const holding = async (listingId: number) =>
  (
    await db.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.listingId, listingId), inArray(bookings.status, ['accepted', 'paid', 'active'])))
  ).length;
const openOffers = (listingId: number) =>
  db.db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.listingId, listingId), eq(waitlistOffers.status, 'open')));

// A full garden of `plots` plots, each held by its own member, and `waiting` growers in line.
async function fullGarden(plots: number, waiting: number) {
  const l = await listing({ type: 'community', price: null, plots });
  const members = [];
  for (let i = 0; i < plots; i++) {
    const m = await registerUser(app);
    const b = await book(m, l.id, { months: 2 });
    expect(b.json().status).toBe('accepted');
    members.push({ who: m, bookingId: b.json().id as number });
  }
  const line = [];
  for (let i = 0; i < waiting; i++) {
    const g = await registerUser(app);
    expect(
      (await req(g, 'POST', `/api/listings/${l.id}/waitlist`, { start: inDays(10), months: 2 })).statusCode,
    ).toBe(201);
    line.push(g);
  }
  return { l, members, line };
}

describe('waiting lists under concurrency', () => {
  it('two plots freeing at once make exactly two offers, to two different people', async () => {
    const { l, members, line } = await fullGarden(2, 4);
    // Both members cancel at once, and four offer runs race.
    await Promise.all(members.map((m) => act(host, m.bookingId, 'cancel')));
    const now = new Date();
    await Promise.all([1, 2, 3, 4].map(() => offerDue(db.db, now, settings, app.notices)));
    const open = await openOffers(l.id);
    expect(open).toHaveLength(2);
    expect(new Set(open.map((o) => o.growerId))).toEqual(new Set([line[0].user.id, line[1].user.id]));
  });

  it('30 parallel accepts of one offer make one booking, and capacity is never exceeded', async () => {
    const { l, members, line } = await fullGarden(1, 2);
    await act(host, members[0].bookingId, 'cancel');
    await offerDue(db.db, new Date(), settings, app.notices);
    const [offer] = await openOffers(l.id);
    expect(offer.growerId).toBe(line[0].user.id);
    // Thirty accepts of the offer, and ten strangers booking the freed plot directly, all at once.
    const strangers = await Promise.all(Array.from({ length: 10 }, () => registerUser(app)));
    const results = await Promise.all([
      ...Array.from({ length: 30 }, () => req(line[0], 'POST', `/api/waitlist-offers/${offer.id}/accept`)),
      ...strangers.map((s) => book(s, l.id, { months: 2 })),
    ]);
    const accepts = results.slice(0, 30).map((r) => r.statusCode);
    expect(accepts.filter((s) => s === 201)).toHaveLength(1);
    expect(accepts.filter((s) => s === 409)).toHaveLength(29);
    expect(results.slice(30).every((r) => r.statusCode === 409)).toBe(true);
    expect(await holding(l.id)).toBe(1);
    const mine = await db.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.listingId, l.id), eq(bookings.growerId, line[0].user.id)));
    expect(mine).toHaveLength(1);
    expect(await openOffers(l.id)).toHaveLength(0);
  });

  it('an offer cannot be accepted once expired, however many try, and the plot goes on', async () => {
    const { l, members, line } = await fullGarden(1, 2);
    await act(host, members[0].bookingId, 'cancel');
    await offerDue(db.db, new Date(), settings, app.notices);
    const [offer] = await openOffers(l.id);
    const later = new Date(Date.now() + settings.offerMs + 60_000);
    const tries = await Promise.allSettled(
      Array.from({ length: 20 }, () => app.services.waitlists.accept(line[0].user.id, offer.id, later)),
    );
    expect(tries.every((t) => t.status === 'rejected')).toBe(true);
    await Promise.all([
      offerDue(db.db, later, settings, app.notices),
      offerDue(db.db, later, settings, app.notices),
    ]);
    const open = await openOffers(l.id);
    expect(open.map((o) => o.growerId)).toEqual([line[1].user.id]);
    expect(await holding(l.id)).toBe(0);
  });
});
