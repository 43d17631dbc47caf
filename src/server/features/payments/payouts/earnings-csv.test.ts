import { threadId } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeCpuPool, cpuStats, setCpuTimes } from '../../../core/cpu-pool.ts';
import { users } from '../../../db/schema.ts';
import { paymentsKit } from '../../../testing/payments.ts';

// A host's earnings as a CSV file (GET /api/users/me/payouts.csv): the rows read on the request
// thread, the text made on the CPU pool (ADR 055).
const kit = await paymentsKit();
const { app, db, host } = kit;
afterAll(() => closeCpuPool());

const csvOf = (query = '') =>
  app.inject({ method: 'GET', url: `/api/users/me/payouts.csv${query}`, headers: { cookie: host.cookie } });
const HEADER =
  'payment_id,payout_id,booking_id,listing,grower,state,amount_usd,fee_usd,refunded_usd,release_at,paid_at,proof\r\n';

describe('the earnings CSV', () => {
  it('lists each row as RFC 4180 cells, never a formula, within the period asked; made on the CPU pool', async () => {
    const l = await kit.listing({ title: '=HYPERLINK("x"), a plot' });
    const { invoiceId } = await kit.createOk(l.id);
    expect((await kit.press(invoiceId, 'pay')).statusCode).toBe(303);
    const p = await kit.paymentOf(invoiceId);
    await db.db.update(users).set({ name: ' ' }).where(eq(users.id, kit.renter.user.id));
    const release = p.releaseAt!.toISOString();
    const day = release.slice(0, 10);
    const row = `${p.id},,${p.bookingId ?? ''},"'=HYPERLINK(""x""), a plot",Member #${kit.renter.user.id},upcoming,120.00,7.20,0.00,${release},,\r\n`;

    const ran = cpuStats.ran.earningsCsv ?? 0;
    const all = await csvOf();
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="yardshare-payouts.csv"',
      'cache-control': 'no-store',
    });
    expect(all.body).toBe(HEADER + row);
    // The text was made by the pool's thread, not this one.
    expect(cpuStats.ran.earningsCsv).toBe(ran + 1);
    expect(cpuStats.threadId).not.toBe(threadId);

    const within = await csvOf(`?from=${day}&to=${day}`);
    expect(within.body).toBe(HEADER + row);
    expect(within.headers['content-disposition']).toBe(
      `attachment; filename="yardshare-payouts-${day}-to-${day}.csv"`,
    );
    const next = new Date(p.releaseAt!.getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await csvOf(`?from=${next}`)).body).toBe(HEADER);
  });

  it('past its time on the pool, the export is a clean 503, and the next one is made', async () => {
    // A new thread cannot start within 1 ms: the task is stopped before it ends.
    await closeCpuPool();
    const before = setCpuTimes({ taskMs: 1, startMs: 0 });
    try {
      const res = await csvOf();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'This is taking too long right now. Please try again in a moment.',
        code: 'OVER_BUDGET',
      });
    } finally {
      setCpuTimes(before);
    }
    const again = await csvOf();
    expect(again.statusCode).toBe(200);
    expect(again.body.startsWith(HEADER)).toBe(true);
  });
});
