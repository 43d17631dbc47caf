import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths } from '#shared/bookings.ts';
import { bookings } from '../../db/schema.ts';
import { bookingsKit, inDays, type Who } from '../../testing/bookings.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// What time does to bookings (the job queue ticked with an explicit clock), and the hours ledger.
const { app, db } = await buildTestApp();
const { call, host, grower, stranger, listing, book } = await bookingsKit(app, db);
const DAY = 86_400_000;

describe('scheduled transitions', () => {
  const status = async (id: number) =>
    (await db.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0].s;

  it('expires unanswered requests after 72 h and unpaid rentals after their window; frees the plot', async () => {
    const l = await listing({ bookingMode: 'request' });
    const req = (await book(grower, l.id)).json().id as number;
    const instant = await listing();
    const g2 = await registerUser(app);
    const unpaid = (await book(g2, instant.id)).json().id as number;
    await app.jobs.tick(new Date(Date.now() + 30 * 60_000));
    expect([await status(req), await status(unpaid)]).toEqual(['requested', 'accepted']);
    await app.jobs.tick(new Date(Date.now() + 2 * 3_600_000));
    expect(await status(unpaid)).toBe('expired');
    expect(await status(req)).toBe('requested');
    await app.jobs.tick(new Date(Date.now() + 73 * 3_600_000));
    expect(await status(req)).toBe('expired');
    const g3 = await registerUser(app);
    expect((await book(g3, instant.id)).statusCode).toBe(201);
    const events = (await call(g2, 'GET', `/api/bookings/${unpaid}`)).json().events;
    expect(events.at(-1)).toMatchObject({ action: 'expire', actor: 'system', toStatus: 'expired' });
  });

  it('starts an accepted exchange on its start date and completes it at its end', async () => {
    const l = await listing({ type: 'exchange', price: null, workHours: 5 });
    const g = await registerUser(app);
    const id = (await book(g, l.id, { start: inDays(3), months: 1 })).json().id as number;
    await call(host, 'POST', `/api/bookings/${id}/accept`);
    const atStart = new Date(`${inDays(3)}T08:00:00Z`);
    await app.jobs.tick(new Date(atStart.getTime() - DAY));
    expect(await status(id)).toBe('accepted');
    await app.jobs.tick(atStart);
    expect(await status(id)).toBe('active');
    await app.jobs.tick(new Date(`${addMonths(inDays(3), 1)}T01:00:00Z`));
    expect(await status(id)).toBe('completed');
  });

  it('survives a restart between booking and expiry, and runs once when two instances tick together', async () => {
    const { buildApp } = await import('../../app.ts');
    const { testConfig } = await import('../../testing/test-app.ts');
    const l = await listing({ bookingMode: 'request' });
    const g = await registerUser(app);
    const id = (await book(g, l.id)).json().id as number;
    // Two fresh instances on the same database, as after a restart; the first one is gone.
    const one = await buildApp({ config: testConfig(), db, logger: false, serveClient: false });
    const two = await buildApp({ config: testConfig(), db, logger: false, serveClient: false });
    const later = new Date(Date.now() + 80 * 3_600_000);
    const [ranOne, ranTwo] = await Promise.all([one.jobs.tick(later), two.jobs.tick(later)]);
    expect([...ranOne, ...ranTwo].filter((n) => n === 'bookings.expire')).toHaveLength(1);
    expect(await status(id)).toBe('expired');
    const events = (await call(g, 'GET', `/api/bookings/${id}`)).json().events;
    expect(events.filter((e: { action: string }) => e.action === 'expire')).toHaveLength(1);
    await one.close();
    await two.close();
  });
});

describe('hours ledger', () => {
  it('the grower logs, the host confirms or disputes once; both see the week against the commitment', async () => {
    const l = await listing({ type: 'exchange', price: null, workHours: 6 });
    const g = await registerUser(app);
    const id = (await book(g, l.id, { start: inDays(0), months: 1 })).json().id as number;
    const log = (who: Who, body: unknown) => call(who, 'POST', `/api/bookings/${id}/hours`, body);
    expect((await log(g, { date: inDays(0), hours: 2, note: 'Weeding' })).statusCode).toBe(409);
    await call(host, 'POST', `/api/bookings/${id}/accept`);
    const first = await log(g, { date: inDays(0), hours: 2.5, note: 'Weeding and mulching' });
    expect(first.statusCode, first.body).toBe(201);
    const second = (await log(g, { date: inDays(0), hours: 1, note: 'Watering' })).json();
    expect((await log(host, { date: inDays(0), hours: 1, note: 'x' })).statusCode).toBe(403);
    expect((await log(stranger, { date: inDays(0), hours: 1, note: 'x' })).statusCode).toBe(404);
    expect((await log(g, { date: inDays(0), hours: 1.1, note: 'x' })).statusCode).toBe(400);
    expect((await log(g, { date: inDays(2), hours: 1, note: 'x' })).statusCode).toBe(400);
    const decide = (who: Who, entry: number, d: string) =>
      call(who, 'POST', `/api/bookings/${id}/hours/${entry}/${d}`);
    expect((await decide(g, first.json().id, 'confirm')).statusCode).toBe(403);
    expect((await decide(host, first.json().id, 'confirm')).json().status).toBe('confirmed');
    expect((await decide(host, first.json().id, 'dispute')).statusCode).toBe(409);
    expect((await decide(host, second.id, 'dispute')).json().status).toBe('disputed');
    expect((await decide(host, 999999, 'confirm')).statusCode).toBe(404);
    const ledger = (await call(host, 'GET', `/api/bookings/${id}/hours`)).json();
    expect(ledger.hoursPerWeek).toBe(6);
    expect(ledger.totals).toMatchObject({ logged: 3.5, confirmed: 2.5, disputed: 1 });
    expect(ledger.weeks.at(-1)).toMatchObject({ committed: 6, logged: 3.5, confirmed: 2.5 });
    const rental = await listing();
    const r = (await book(g, rental.id)).json().id as number;
    expect((await call(g, 'GET', `/api/bookings/${r}/hours`)).statusCode).toBe(409);
  });
});
