import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { payments } from '../../db/schema.ts';
import { paymentsKit, SECRET } from '../../testing/payments.ts';
import { testConfig } from '../../testing/test-app.ts';

// Payouts and unsent refunds go through the job queue (payments.release, payments.refunds; ADR
// 054), which runs each job once for an instant whichever instance asks: ticks are driven here with
// the time the test wants.
const kit = await paymentsKit();
const { app, db, paymentOf, completed } = kit;
const second = await buildApp({
  config: testConfig({ SANDBOX_WEBHOOK_SECRET: SECRET }),
  db,
  logger: false,
  serveClient: false,
});
await second.ready();
afterAll(() => second.close());

const MINUTE = 60_000;

describe('payments.refunds', () => {
  it('sends a refund recorded in a cancellation that was not sent after the commit', async () => {
    const p = await completed();
    const port = app.bookings.payments;
    const cents = await db.db.transaction((tx) => port.refund(tx, p.bookingId!, 5_000, new Date()));
    expect(cents).toBe(5_000);
    expect((await paymentOf(p.chargeId)).metadata).toMatchObject({ refund: { state: 'due', amount: 5_000 } });
    expect(await app.jobs.tick(new Date(Date.now() + MINUTE))).toContain('payments.refunds');
    expect(await paymentOf(p.chargeId)).toMatchObject({
      status: 'completed',
      refundedAmount: 5_000,
      metadata: { refund: { state: 'sent', amount: 5_000 } },
    });
  });
});

describe('payments.release', () => {
  it('releases each due payout once, when two instances tick at the same time', async () => {
    const a = await completed();
    const b = await completed();
    const due = Math.max(a.releaseAt!.getTime(), b.releaseAt!.getTime());
    // Before the hold ends nothing is released.
    expect(await app.jobs.tick(new Date(due - 10 * MINUTE))).toContain('payments.release');
    expect((await paymentOf(a.chargeId)).releasedAt).toBeNull();

    const at = new Date(due + MINUTE);
    const [one, two] = await Promise.all([app.jobs.tick(at), second.jobs.tick(at)]);
    expect([one, two].filter((ran) => ran.includes('payments.release'))).toHaveLength(1);
    const rows = await db.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [a.id, b.id]));
    for (const row of rows) expect(row.releasedAt?.toISOString()).toBe(at.toISOString());
    // The same time again, on either instance: that run was made, nothing changes.
    expect(await second.jobs.tick(at)).not.toContain('payments.release');
    expect(await app.jobs.tick(at)).not.toContain('payments.release');
    // The next run a minute later finds nothing left to release.
    expect(await second.jobs.tick(new Date(at.getTime() + MINUTE))).toContain('payments.release');
    const again = await db.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [a.id, b.id]));
    for (const row of again) expect(row.releasedAt?.toISOString()).toBe(at.toISOString());
  });
});
