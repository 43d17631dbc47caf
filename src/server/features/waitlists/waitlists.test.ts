import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, waitlistOffers } from '../../db/schema.ts';
import { bookingsKit, inDays, type Who } from '../../testing/bookings.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { waitUntil } from '../../testing/wait.ts';
import { OFFERS_JOB, offerDue } from './index.ts';

const { app, db } = await buildTestApp();
const { call, host, grower, stranger, listing, book, act } = await bookingsKit(app, db);
const HOUR = 3_600_000;
const settings = { offerMs: 48 * HOUR };
const offers = (now = new Date()) => offerDue(db.db, now, settings, app.notices);
const req = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const join = (who: Who, id: number, over: Record<string, unknown> = {}) =>
  req(who, 'POST', `/api/listings/${id}/waitlist`, { start: inDays(10), months: 2, ...over });
const mine = async (who: Who) => (await req(who, 'GET', '/api/users/me/waitlists')).json().items;

// A full community garden of one plot: the grower holds it.
async function fullGarden() {
  const l = await listing({ type: 'community', price: null, plots: 1 });
  const b = await book(grower, l.id, { months: 2 });
  expect(b.json().status).toBe('accepted');
  return { l, bookingId: b.json().id as number };
}

describe('joining a waiting list', () => {
  it('lets growers join a full garden in line, and says "book it instead" when a plot is free', async () => {
    const { l } = await fullGarden();
    const a = await registerUser(app);
    const res = await join(a, l.id, { note: 'Tomatoes, mostly' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      position: 1,
      status: 'waiting',
      offer: null,
      note: 'Tomatoes, mostly',
    });
    expect((await join(stranger, l.id)).json().position).toBe(2);
    expect((await join(a, l.id)).statusCode).toBe(409);
    // A garden with a plot free for those dates: book it.
    const open = await listing({ type: 'community', price: null, plots: 3 });
    const free = await join(a, open.id);
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ code: 'PLOT_FREE' });
    expect((await mine(a)).map((m: { listingId: number }) => m.listingId)).toEqual([l.id]);
  });

  it('refuses bad input, strangers and the host, readably', async () => {
    const { l } = await fullGarden();
    const a = await registerUser(app);
    for (const body of [
      { start: 'soon', months: 2 },
      { start: inDays(10), months: 13 },
      { start: inDays(10), months: 'two' },
      { start: inDays(-3), months: 2 },
      { start: inDays(10), note: 'x'.repeat(5000) },
      { start: inDays(10), note: 'a\u0000b' },
    ]) {
      const res = await req(a, 'POST', `/api/listings/${l.id}/waitlist`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await join(null, l.id)).statusCode).toBe(401);
    expect((await join(host, l.id)).statusCode).toBe(403);
    expect((await join(a, 999_999)).statusCode).toBe(404);
    expect((await req(a, 'POST', '/api/listings/abc/waitlist', {})).statusCode).toBe(400);
    const exchange = await listing({ type: 'exchange', price: null, workHours: 5 });
    expect((await join(a, exchange.id)).statusCode).toBe(400);
    // Only the host sees the list.
    expect((await req(a, 'GET', `/api/listings/${l.id}/waitlist`)).statusCode).toBe(403);
    expect((await req(a, 'POST', '/api/waitlist-offers/999999/accept')).statusCode).toBe(404);
    expect((await req(a, 'DELETE', `/api/listings/${l.id}/waitlist`)).statusCode).toBe(404);
  });
});

describe('offers', () => {
  it('offers a freed plot to the first in line, who books it; the next gets the next plot', async () => {
    const { l, bookingId } = await fullGarden();
    const [a, b] = [await registerUser(app), await registerUser(app)];
    await join(a, l.id);
    await join(b, l.id);
    // A cancellation nudges the offers job from its own transaction: told at commit (ADR 054).
    const nudges: string[] = [];
    const unlisten = await db.listen('ys_jobs', (name) => nudges.push(name));
    const before = Date.now();
    expect((await act(grower, bookingId, 'cancel')).statusCode).toBe(200);
    await waitUntil(() => nudges.includes(OFFERS_JOB), { what: 'the offers job to be nudged' });
    await unlisten();
    expect(await offers()).toBe(1);
    const [offered] = await mine(a);
    expect(offered).toMatchObject({ position: 1, status: 'offered', offer: { start: inDays(10) } });
    expect(Date.parse(offered.offer.expiresAt)).toBeGreaterThanOrEqual(before + 48 * HOUR);
    expect((await mine(b))[0]).toMatchObject({ position: 2, offer: null });
    const notes = await db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.kind, 'waitlist_offer')));
    expect(notes).toHaveLength(1);
    expect(notes[0].link).toBe('/bookings');
    // The offered plot is held: nobody books it past the line, and a second run offers nothing.
    const c = await registerUser(app);
    expect((await book(c, l.id, { months: 2 })).json().code).toBe('NO_PLOT_FREE');
    expect(await offers()).toBe(0);
    const accepted = await req(a, 'POST', `/api/waitlist-offers/${offered.offer.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const booking = (await call(a, 'GET', `/api/bookings/${accepted.json().bookingId}`)).json();
    expect(booking).toMatchObject({ status: 'accepted', listingId: l.id, start: inDays(10), months: 2 });
    expect(await mine(a)).toEqual([]);
    expect((await mine(b))[0]).toMatchObject({ position: 1, offer: null });
    // The host adds a plot: the next run offers it to the next in line.
    await db.db.execute(`update listings set plots = 2 where id = ${l.id}`);
    expect(await offers()).toBe(1);
    const [next] = await mine(b);
    expect(next.offer).not.toBeNull();
    expect((await req(b, 'POST', `/api/waitlist-offers/${next.offer.id}/accept`)).statusCode).toBe(201);
  });

  it('passes a declined or lapsed offer to the next, and refuses an expired one', async () => {
    const { l, bookingId } = await fullGarden();
    const [a, b, c] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    for (const who of [a, b, c]) await join(who, l.id);
    await act(grower, bookingId, 'cancel');
    await offers();
    const [offerA] = await mine(a);
    const declined = await req(a, 'POST', `/api/waitlist-offers/${offerA.offer.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().items).toEqual([]);
    const [offerB] = await mine(b);
    expect(offerB.offer).not.toBeNull();
    // Past its time the offer cannot be taken; the job passes it on.
    const later = new Date(Date.now() + 49 * HOUR);
    await expect(app.services.waitlists.accept(b.user.id, offerB.offer.id, later)).rejects.toMatchObject({
      statusCode: 409,
      code: 'OFFER_EXPIRED',
    });
    expect(await offers(later)).toBe(1);
    expect(await mine(b)).toEqual([]);
    expect((await mine(c))[0].offer).not.toBeNull();
    expect((await req(a, 'POST', `/api/waitlist-offers/${offerA.offer.id}/accept`)).statusCode).toBe(409);
  });
});

describe('declining with a reason (ADR 059)', () => {
  it('keeps the reason, tells the host, refuses a long one, and tells nothing without one', async () => {
    const { l, bookingId } = await fullGarden();
    const [a, b, c] = [
      await registerUser(app, { name: 'Nora Lindqvist' }),
      await registerUser(app),
      await registerUser(app),
    ];
    for (const who of [a, b, c]) await join(who, l.id);
    await act(grower, bookingId, 'cancel');
    await offers();
    const hostNotes = () =>
      db.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, host.user.id), eq(notifications.kind, 'waitlist_offer')));
    const before = (await hostNotes()).length;
    const [offerA] = await mine(a);
    const url = `/api/waitlist-offers/${offerA.offer.id}/decline`;
    // Too long, or not text: refused by the shared schema, and the offer stays open.
    for (const payload of [{ reason: 'x'.repeat(501) }, { reason: 5 }, { reason: 'a\u0000b' }]) {
      const res = await req(a, 'POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await req(a, 'POST', url, { reason: 'x'.repeat(501) })).json().message).toContain(
      'Reason must be at most 500 characters',
    );
    expect((await mine(a))[0].status).toBe('offered');
    const declined = await req(a, 'POST', url, { reason: '  We are moving away in May.  ' });
    expect(declined.statusCode, declined.body).toBe(200);
    const [row] = await db.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerA.offer.id));
    expect(row).toMatchObject({ status: 'declined', declineReason: 'We are moving away in May.' });
    const notes = await hostNotes();
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)).toMatchObject({
      actorId: a.user.id,
      link: `/listings/${l.id}`,
      title: expect.stringMatching(/^Nora declined the plot offered at /),
      body: 'The plot goes to the next in line. Reason given: “We are moving away in May.”',
    });
    // Without a reason (no body, or an empty one) the host hears nothing, as before.
    const [offerB] = await mine(b);
    expect((await req(b, 'POST', `/api/waitlist-offers/${offerB.offer.id}/decline`)).statusCode).toBe(200);
    const [offerC] = await mine(c);
    const empty = await req(c, 'POST', `/api/waitlist-offers/${offerC.offer.id}/decline`, { reason: ' ' });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await hostNotes()).toHaveLength(before + 1);
  });
});

describe('one place in line (issue 62)', () => {
  it('refuses a place to a grower holding a plot for those dates, in any language; other dates are fine', async () => {
    const { l } = await fullGarden();
    // The grower holds the only plot from day 10 for two months.
    for (const over of [{}, { start: inDays(40), months: 3 }, { start: inDays(5), months: null }]) {
      const res = await join(grower, l.id, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(409);
      expect(res.json()).toEqual({
        message: 'You already hold a plot here for those dates.',
        code: 'ALREADY_HOLDING',
      });
    }
    const fr = await app.inject({
      method: 'POST',
      url: `/api/listings/${l.id}/waitlist`,
      headers: { cookie: grower.cookie, 'accept-language': 'fr' },
      payload: { start: inDays(10), months: 2 },
    });
    expect(fr.json().message).toBe('Vous avez déjà une parcelle ici pour ces dates.');
    expect(await mine(grower)).toEqual([]);
    // Later dates, taken by someone else: the grower may wait for those.
    const later = await registerUser(app);
    expect((await book(later, l.id, { start: inDays(100), months: 2 })).json().status).toBe('accepted');
    const res = await join(grower, l.id, { start: inDays(100), months: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ position: 1, status: 'waiting' });
    // With a second plot free, holding one still answers "you hold one", not "book it instead".
    const two = await listing({ type: 'community', price: null, plots: 2 });
    expect((await book(grower, two.id, { months: 2 })).json().status).toBe('accepted');
    expect((await join(grower, two.id)).json().code).toBe('ALREADY_HOLDING');
  });

  it('never offers a plot to someone holding one for those dates: their place ends, the next is offered', async () => {
    const l = await listing({ type: 'community', price: null, plots: 2 });
    const members = [await registerUser(app), await registerUser(app)];
    const held = [];
    for (const m of members) held.push((await book(m, l.id, { months: 2 })).json().id as number);
    const [a, b, c] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    for (const who of [a, b, c]) expect((await join(who, l.id)).statusCode).toBe(201);
    // A plot frees; before the job runs, the first in line books it past the line.
    await act(members[0], held[0], 'cancel');
    const mineA = await book(a, l.id, { months: 2 });
    expect(mineA.json().status).toBe('accepted');
    // The other plot frees: it goes to the next in line, not to the one holding a plot already.
    await act(members[1], held[1], 'cancel');
    expect(await offers()).toBe(1);
    expect(await mine(a)).toEqual([]);
    expect((await mine(b))[0]).toMatchObject({ position: 1, status: 'offered' });
    expect((await mine(c))[0]).toMatchObject({ position: 2, offer: null });
    // Giving the plot up does not bring it back to them ahead of the line.
    await act(a, mineA.json().id, 'cancel');
    expect(await offers()).toBe(1);
    expect((await mine(c))[0].status).toBe('offered');
    expect(await mine(a)).toEqual([]);
    const toA = await db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.kind, 'waitlist_offer')));
    expect(toA).toEqual([]);
  });
});

describe("the host's list", () => {
  it('shows the line in order, moves someone with a reason (audited), closes and reopens', async () => {
    const { l } = await fullGarden();
    const [a, b, c] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    for (const who of [a, b, c]) await join(who, l.id);
    const list = (await req(host, 'GET', `/api/listings/${l.id}/waitlist`)).json();
    expect(list.entries.map((e: { grower: { id: number } }) => e.grower.id)).toEqual(
      [a, b, c].map((u) => u.user.id),
    );
    const cEntry = list.entries[2].id;
    expect(
      (await req(host, 'POST', `/api/listings/${l.id}/waitlist/move`, { entryId: cEntry, position: 1 }))
        .statusCode,
    ).toBe(400);
    const moved = await req(host, 'POST', `/api/listings/${l.id}/waitlist/move`, {
      entryId: cEntry,
      position: 1,
      reason: 'Was on our paper list since March',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      moved
        .json()
        .entries.map((e: { position: number; grower: { id: number } }) => [e.position, e.grower.id]),
    ).toEqual([
      [1, c.user.id],
      [2, a.user.id],
      [3, b.user.id],
    ]);
    expect((await mine(a))[0].position).toBe(2);
    const [audit] = await db.db.select().from(auditLog).where(eq(auditLog.subjectId, l.id));
    expect(audit).toMatchObject({
      action: 'waitlist_reorder',
      subjectType: 'listing',
      reason: 'Was on our paper list since March',
    });
    expect(
      (
        await req(a, 'POST', `/api/listings/${l.id}/waitlist/move`, {
          entryId: cEntry,
          position: 2,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const closed = await req(host, 'POST', `/api/listings/${l.id}/waitlist/close`, {
      reason: 'Full for the year',
    });
    expect(closed.json()).toMatchObject({ closed: true, entries: [] });
    expect(await mine(b)).toEqual([]);
    expect((await join(stranger, l.id)).json().code).toBe('WAITLIST_CLOSED');
    expect((await req(host, 'POST', `/api/listings/${l.id}/waitlist/reopen`)).json().closed).toBe(false);
    expect((await join(stranger, l.id)).statusCode).toBe(201);
    expect((await req(stranger, 'DELETE', `/api/listings/${l.id}/waitlist`)).statusCode).toBe(200);
    expect((await mine(stranger)).filter((m: { listingId: number }) => m.listingId === l.id)).toEqual([]);
  });
});
