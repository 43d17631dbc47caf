import { describe, expect, it } from 'vitest';
import { addMonths } from '#shared/bookings.ts';
import { bookingsKit, inDays, type Who } from '../../testing/bookings.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();
const { call, host, grower, stranger, listing, book, act } = await bookingsKit(app, db);

describe('POST /api/bookings', () => {
  it('books an instant rental at once, with the terms computed on the server', async () => {
    const l = await listing({ price: 45 });
    const before = Date.now();
    const res = await book(grower, l.id, { months: 3 });
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      status: 'accepted',
      role: 'grower',
      instant: true,
      months: 3,
      pricePerMonth: 4500,
      amount: 13500,
      fee: 810,
      total: 14310,
      end: addMonths(inDays(10), 3),
    });
    expect(b.actions).toEqual(['pay', 'cancel']);
    // An instant booking holds its plot for one hour unless paid: from its request, however long
    // that took.
    expect(Date.parse(b.expiresAt)).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(Date.parse(b.expiresAt)).toBeLessThanOrEqual(after + 60 * 60_000);
  });

  it('sends a request when the host asked for it, and always for a work exchange', async () => {
    const rental = await listing({ bookingMode: 'request' });
    const r = (await book(grower, rental.id)).json();
    expect(r).toMatchObject({ status: 'requested', instant: false, actions: ['withdraw'] });
    const exchange = await listing({ type: 'exchange', price: null, workHours: 6, bookingMode: 'instant' });
    const e = (await book(grower, exchange.id, { note: 'I prune fruit trees' })).json();
    expect(e).toMatchObject({
      status: 'requested',
      hoursPerWeek: 6,
      amount: null,
      note: 'I prune fruit trees',
    });
  });

  it('lets a community garden be joined open-ended, at once or after the host approves', async () => {
    const auto = await listing({ type: 'community', price: null });
    const a = await book(grower, auto.id, { months: null });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ status: 'accepted', end: null, months: null });
    const approved = await listing({ type: 'community', price: null, bookingMode: 'request' });
    expect((await book(grower, approved.id, { months: null })).json().status).toBe('requested');
  });

  it('refuses what a real marketplace would refuse, with a message', async () => {
    const l = await listing();
    const cases: [Who, Record<string, unknown>, number, RegExp][] = [
      [null, {}, 401, /sign in/],
      [host, {}, 403, /your own listing/],
      [grower, { start: inDays(-2) }, 400, /past/],
      [grower, { start: '2026-02-30' }, 400, /real date/],
      [grower, { months: 13 }, 400, /between 1 and 12/],
      [grower, { months: null }, 400, /how many months/],
      [grower, { listingId: 2147483648 }, 400, /out of range/],
      [grower, { listingId: 987654 }, 404, /not found/],
    ];
    for (const [who, over, status, message] of cases) {
      const res = await book(who, l.id, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const seasonal = await listing({ seasonStart: 4, seasonEnd: 9 });
    const winter = await book(grower, seasonal.id, { start: `${new Date().getUTCFullYear() + 1}-01-10` });
    expect(winter.statusCode).toBe(400);
    expect(winter.json().message).toMatch(/season/);
    expect((await book(grower, l.id)).statusCode).toBe(201);
    const again = await book(grower, l.id, { start: inDays(90) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have an open booking for this listing');
  });
});

describe('transitions', () => {
  it('each action by each actor: allowed once, refused with 401, 403, 404 or 409 otherwise, changing nothing', async () => {
    const l = await listing({ bookingMode: 'request' });
    const id = (await book(grower, l.id)).json().id as number;
    expect((await act(null, id, 'accept')).statusCode).toBe(401);
    expect((await act(stranger, id, 'accept')).statusCode).toBe(404);
    const byGrower = await act(grower, id, 'accept');
    expect(byGrower.statusCode).toBe(403);
    expect(byGrower.json().message).toBe('Only the host can do that');
    expect((await act(host, id, 'withdraw')).statusCode).toBe(403);
    expect((await act(host, id, 'cancel')).statusCode).toBe(409);
    expect((await act(host, id, 'explode')).statusCode).toBe(400);
    expect((await call(grower, 'GET', `/api/bookings/${id}`)).json().status).toBe('requested');

    const accepted = await act(host, id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', role: 'host', actions: ['cancel'] });
    const twice = await act(host, id, 'accept');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This booking is accepted: it cannot be accepted now');
    expect((await act(grower, id, 'withdraw')).statusCode).toBe(409);
    const detail = (await call(grower, 'GET', `/api/bookings/${id}`)).json();
    expect(detail.actions).toEqual(['pay', 'cancel']);
    expect(detail.events.map((e: { action: string; actor: string }) => `${e.action}:${e.actor}`)).toEqual([
      'request:grower',
      'accept:host',
    ]);
    expect((await call(stranger, 'GET', `/api/bookings/${id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/bookings/${id}`)).statusCode).toBe(401);
  });

  it('declines, withdraws and cancels, each only from the states the table allows', async () => {
    const l = await listing({ type: 'exchange', price: null, workHours: 4 });
    const a = (await book(grower, l.id)).json().id as number;
    expect((await act(host, a, 'decline')).json().status).toBe('declined');
    expect((await act(host, a, 'accept')).statusCode).toBe(409);
    const b = (await book(grower, l.id)).json().id as number;
    expect((await act(grower, b, 'withdraw')).json().status).toBe('withdrawn');
    const c = (await book(grower, l.id)).json().id as number;
    await act(host, c, 'accept');
    const cancelled = await act(grower, c, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', actions: [] });
    expect((await call(stranger, 'POST', `/api/bookings/${c}/pay`)).statusCode).toBe(404);
    expect((await call(grower, 'POST', `/api/bookings/${c}/pay`)).statusCode).toBe(409);
  });

  it('lists each side its bookings and counts the ones waiting for its action', async () => {
    const me = await registerUser(app);
    const other = await registerUser(app);
    const mine = await insertListing(db, me.user.id, { bookingMode: 'request', images: [] });
    await book(other, mine.id);
    const theirs = await insertListing(db, other.user.id, { images: [] });
    await book(me, theirs.id);
    const list = (await call(me, 'GET', '/api/bookings')).json();
    expect(list.asHost).toHaveLength(1);
    expect(list.asGrower).toHaveLength(1);
    // A request to answer as host, and an instant rental to pay as grower.
    expect(list.needsAction).toBe(2);
  });
});

describe('capacity', () => {
  it('20 growers instantly booking the last plot at once: exactly one wins', async () => {
    const l = await listing({ plots: 2 });
    const first = await registerUser(app);
    expect((await book(first, l.id)).statusCode).toBe(201);
    const growers = await Promise.all(Array.from({ length: 20 }, () => registerUser(app)));
    const all = await Promise.all(growers.map((g) => book(g, l.id)));
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = all.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0].json().message).toBe('No plot is free for those dates. Please choose other dates.');
  });

  it('20 requests for one plot accepted at once: exactly one is accepted', async () => {
    const l = await listing({ bookingMode: 'request' });
    const growers = await Promise.all(Array.from({ length: 20 }, () => registerUser(app)));
    const ids = await Promise.all(growers.map(async (g) => (await book(g, l.id)).json().id as number));
    const all = await Promise.all(ids.map((id) => act(host, id, 'accept')));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });

  it('dates that do not overlap share a plot; availability and browse show what is free', async () => {
    const l = await listing({ title: 'One-plot orchard' });
    const a = await registerUser(app);
    const b = await registerUser(app);
    expect((await book(a, l.id, { start: inDays(40), months: 1 })).statusCode).toBe(201);
    expect((await book(b, l.id, { start: inDays(41), months: 1 })).statusCode).toBe(409);
    const later = addMonths(inDays(40), 1);
    expect((await book(b, l.id, { start: later, months: 1 })).statusCode).toBe(201);
    const avail = (await call(null, 'GET', `/api/listings/${l.id}/availability`)).json();
    expect(avail.plots).toBe(1);
    expect(avail.months).toHaveLength(12);
    const month = inDays(45).slice(0, 7);
    expect(avail.months.find((m: { month: string }) => m.month === month).free).toBe(0);
    const titles = async (day: string) =>
      (
        (await call(null, 'GET', `/api/listings?available=${day}&limit=100`)).json() as { title: string }[]
      ).map((x) => x.title);
    expect(await titles(inDays(45))).not.toContain('One-plot orchard');
    expect(await titles(inDays(400))).toContain('One-plot orchard');
    expect((await call(null, 'GET', '/api/listings?available=2026-13-01')).statusCode).toBe(400);
  });

  it('the availability calendar shows, month by month, the plots free on its busiest day', async () => {
    const l = await listing({ plots: 3 });
    const stays: [number, number][] = [
      [5, 2],
      [20, 1],
      [33, 3],
      [70, 1],
      [95, 4],
      [101, 6],
      [160, 2],
      [200, 1],
    ];
    const held: { start: string; end: string }[] = [];
    for (const [day, months] of stays) {
      const res = await book(await registerUser(app), l.id, { start: inDays(day), months });
      expect([201, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 201) held.push(res.json());
    }
    expect(held.length).toBeGreaterThanOrEqual(5);
    const avail = (await call(null, 'GET', `/api/listings/${l.id}/availability`)).json() as {
      months: { month: string; free: number }[];
    };
    // Counted here day by day: the most stays holding a plot on any day of the month.
    const first = `${new Date().toISOString().slice(0, 7)}-01`;
    const expected = Array.from({ length: 12 }, (_, i) => {
      const start = addMonths(first, i);
      const end = addMonths(first, i + 1);
      let busiest = 0;
      for (let t = Date.parse(start); t < Date.parse(end); t += 86_400_000) {
        const day = new Date(t).toISOString().slice(0, 10);
        busiest = Math.max(busiest, held.filter((b) => b.start <= day && day < b.end).length);
      }
      return { month: start.slice(0, 7), free: 3 - busiest };
    });
    expect(avail.months.map(({ month, free }) => ({ month, free }))).toEqual(expected);
    // Busy months and partly free ones, so the comparison means something.
    expect(expected.some((m) => m.free === 0)).toBe(true);
    expect(expected.some((m) => m.free > 0 && m.free < 3)).toBe(true);
  });
});
