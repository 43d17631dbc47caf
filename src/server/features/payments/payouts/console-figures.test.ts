import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, payouts } from '../../../db/schema.ts';
import { coinbaseApp, heldPayment, registerAdmin } from '../../../testing/provider-apps.ts';

// The console's figures come from the ledger by the date money moved (ADR 045); a payout that
// failed and waits to be tried again is in flight; a payment's payout label follows its payouts.
const t = await coinbaseApp();
const { app, db } = t;
const admin = await registerAdmin(t);
const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });

describe('the operator console', () => {
  it('puts each fee in the month it was paid, counts retrying payouts in flight, and labels paid payouts as paid', async () => {
    // Paid in April and in September (two days before each release).
    const april = await heldPayment(t, { cents: 10_000, releaseAt: new Date('2026-04-12T00:00:00Z') });
    const sept = await heldPayment(t, { cents: 5_000, releaseAt: new Date('2026-09-20T00:00:00Z') });
    const body = (await get('/api/admin/payouts')).json();
    const month = (m: string) => body.feesByMonth.find((f: { month: string }) => f.month === m)?.cents;
    expect(month('2026-04')).toBe(600);
    expect(month('2026-09')).toBe(300);

    // April's payment is released and paid by hand; September's payout failed once and waits.
    await app.jobs.tick(new Date('2026-09-21T00:00:00Z'));
    const [a] = await db.db.select().from(payouts).where(eq(payouts.paymentId, april.p.id));
    expect(a.state).toBe('manual');
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${a.id}/paid`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'Sent from the wallet', reference: 'ab'.repeat(32) },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [s] = await db.db.select().from(payouts).where(eq(payouts.paymentId, sept.p.id));
    await db.db
      .update(payouts)
      .set({
        state: 'scheduled',
        lastError: 'BTCPay create payout: HTTP 503',
        nextAttemptAt: new Date('2030-01-01'),
      })
      .where(eq(payouts.id, s.id));
    const after = (await get('/api/admin/payouts')).json();
    expect(after.inFlightCents).toBeGreaterThanOrEqual(5_000);
    expect(after.items.find((i: { id: number }) => i.id === s.id)).toMatchObject({ state: 'scheduled' });

    const list = (await get('/api/admin/payments')).json();
    const label = (id: number) => list.items.find((p: { id: number }) => p.id === id)?.payout;
    expect(label(april.p.id)).toBe('paid');
    expect(label(sept.p.id)).toBe('released');
    const [row] = await db.db.select().from(payments).where(eq(payments.id, sept.p.id));
    expect(row.releasedCents).toBe(5_000);
  });
});
