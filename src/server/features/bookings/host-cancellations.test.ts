import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/bookings.ts';
import { reports } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { paymentsKit } from '../../testing/payments.ts';

// Host cancellations (ADR 037): a host who cancels refunds everything; each counts, and three in
// twelve months put the host's listings in the operator queue, raised by Yardshare.
const kit = await paymentsKit();
const { app, db, host, renter, book, act, checkout, press, paymentOf } = kit;
const { admin, call } = await moderationKit(app, db);
const DAY = 86_400_000;
const day = (n: number) => todayUtc(new Date(Date.now() + n * DAY));
const counts = (hostId: number, who = admin) =>
  call(who, 'GET', `/api/admin/users/${hostId}/host-cancellations`);
const systemReports = () =>
  db.db
    .select()
    .from(reports)
    .where(and(isNull(reports.reporterId), eq(reports.subjectUserId, host.user.id)));

describe('host cancellations', () => {
  it('a host who cancels refunds everything, fee included, and the cancellation counts', async () => {
    const l = await kit.listing({ cancellationPolicy: 'strict' });
    const b = await book(l.id, day(3), 2);
    const { invoiceId } = await checkout(b.id);
    await press(invoiceId, 'pay');
    const res = await act(b.id, 'cancel', host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentOf(invoiceId)).refundedAmount).toBe(24_000 + 1_440);
    expect((await counts(host.user.id)).json()).toEqual({ last12Months: 1, total: 1 });
    expect((await counts(host.user.id, renter)).statusCode).toBe(404);
    expect(await systemReports()).toHaveLength(0);
  });

  it('the third in twelve months puts each of the host’s listings in the queue, once', async () => {
    const listings = [await kit.listing(), await kit.listing({ type: 'community', price: null })];
    for (const [i, l] of [listings[0], listings[1], listings[0]].entries()) {
      const grower = await registerUser(app);
      const b = await book(l.id, day(5 + i), l.type === 'community' ? null : 1, grower.cookie);
      expect((await act(b.id, 'cancel', host.cookie)).statusCode).toBe(200);
    }
    expect((await counts(host.user.id)).json().last12Months).toBe(4);
    const queued = await systemReports();
    // Every active listing of the host (those made by earlier tests too), one open report each.
    expect(new Set(queued.map((r) => r.subjectId)).size).toBe(queued.length);
    expect(queued.map((r) => r.subjectId)).toEqual(expect.arrayContaining(listings.map((l) => l.id)));
    expect(queued[0]).toMatchObject({ subjectType: 'listing', reason: 'other', status: 'open' });
    expect(queued[0].text).toMatch(/the host cancelled \d bookings in the last 12 months/);

    // The operator queue shows them as raised by Yardshare.
    const page = await call(admin, 'GET', '/api/admin/reports?status=open');
    expect(page.statusCode, page.body).toBe(200);
    const mine = page
      .json()
      .items.filter((r: { subjectId: number }) => listings.some((l) => l.id === r.subjectId));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((r: { reporter: unknown }) => r.reporter === null)).toBe(true);
  });
});
