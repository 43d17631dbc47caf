import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, waitlistEntries, waitlistOffers } from '../../db/schema.ts';
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
const entriesOf = (listingId: number, growerId: number) =>
  db.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.listingId, listingId), eq(waitlistEntries.growerId, growerId)));
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

  it('20 parallel joins: the holder of the plot never gets a place, everyone else gets one each', async () => {
    const { l, members } = await fullGarden(1, 0);
    const holder = members[0].who;
    const others = await Promise.all(Array.from({ length: 15 }, () => registerUser(app)));
    const overlapping = [
      { start: inDays(10), months: 2 },
      { start: inDays(20), months: 1 },
      { start: inDays(3), months: 1 },
      { start: inDays(30), months: null },
      { start: inDays(10), months: 12 },
    ];
    const results = await Promise.all([
      ...overlapping.map((dates) => req(holder, 'POST', `/api/listings/${l.id}/waitlist`, dates)),
      ...others.map((g) =>
        req(g, 'POST', `/api/listings/${l.id}/waitlist`, { start: inDays(10), months: 2 }),
      ),
    ]);
    for (const r of results.slice(0, 5)) expect(r.json()).toMatchObject({ code: 'ALREADY_HOLDING' });
    const places = results.slice(5).map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return r.json().position as number;
    });
    expect(places.sort((x, y) => x - y)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(await entriesOf(l.id, holder.user.id)).toEqual([]);
  });

  it('a grower booking the free plot while joining 10 times, 9 others joining: never a plot and a place', async () => {
    const l = await listing({ type: 'community', price: null, plots: 1 });
    const g = await registerUser(app);
    const others = await Promise.all(Array.from({ length: 9 }, () => registerUser(app)));
    const join = (who: Who) =>
      req(who, 'POST', `/api/listings/${l.id}/waitlist`, { start: inDays(10), months: 2 });
    const results = await Promise.all([
      book(g, l.id, { months: 2 }),
      ...Array.from({ length: 10 }, () => join(g)),
      ...others.map(join),
    ]);
    expect(results[0].json().status).toBe('accepted');
    // Before the booking the plot is free (book it); after it, the grower holds it.
    for (const r of results.slice(1, 11))
      expect(['PLOT_FREE', 'ALREADY_HOLDING'], r.body).toContain(r.json().code);
    const joined = results.slice(11).filter((r) => r.statusCode === 201);
    for (const r of results.slice(11)) if (r.statusCode !== 201) expect(r.json().code).toBe('PLOT_FREE');
    expect(joined.map((r) => r.json().position).sort((x, y) => x - y)).toEqual(joined.map((_, i) => i + 1));
    expect(await entriesOf(l.id, g.user.id)).toEqual([]);
    expect((await join(g)).json().code).toBe('ALREADY_HOLDING');
    // Giving the plot up passes it to the first who joined, never back to the grower.
    await act(g, results[0].json().id, 'cancel');
    const now = new Date();
    await Promise.all([1, 2, 3].map(() => offerDue(db.db, now, settings, app.notices)));
    const open = await openOffers(l.id);
    const first = others.filter(
      (_, i) => results[11 + i].statusCode === 201 && results[11 + i].json().position === 1,
    );
    expect(open.map((o) => o.growerId)).toEqual(first.map((f) => f.user.id));
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
