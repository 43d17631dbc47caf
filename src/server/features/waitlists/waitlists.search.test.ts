import { describe, expect, it } from 'vitest';
import { bookingsKit, inDays, type Who } from '../../testing/bookings.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { offerDue } from './index.ts';

const { app, db } = await buildTestApp();
const { call, grower, listing, book, act } = await bookingsKit(app, db);
const settings = { offerMs: 48 * 3_600_000 };
const req = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const found = async (day: string) =>
  ((await call(null, 'GET', `/api/listings?available=${day}&limit=100`)).json() as { id: number }[]).map(
    (l) => l.id,
  );

// The search's available= filter (ADR 049): a plot offered to the next in line is held, as the
// booking form and the availability calendar already count it, so search does not show it free.
describe('search by a free day counts open offers', () => {
  it('hides a garden whose freed plot is offered, and shows it again once the offer is declined', async () => {
    const l = await listing({ type: 'community', price: null, plots: 1 });
    const held = await book(grower, l.id, { start: inDays(10), months: 2 });
    expect(held.json().status).toBe('accepted');
    const a = await registerUser(app);
    const joined = await req(a, 'POST', `/api/listings/${l.id}/waitlist`, { start: inDays(10), months: 2 });
    expect(joined.statusCode, joined.body).toBe(201);
    const day = inDays(20);
    expect(await found(day)).not.toContain(l.id);

    expect((await act(grower, held.json().id, 'cancel')).statusCode).toBe(200);
    await offerDue(db.db, new Date(), settings, app.notices);
    const [entry] = (await req(a, 'GET', '/api/users/me/waitlists')).json().items;
    expect(entry.offer).not.toBeNull();
    // Held for the one offered: not free in search, on the offered days only.
    expect(await found(day)).not.toContain(l.id);
    expect(await found(inDays(200))).toContain(l.id);

    expect((await req(a, 'POST', `/api/waitlist-offers/${entry.offer.id}/decline`)).statusCode).toBe(200);
    expect(await found(day)).toContain(l.id);
  });
});
