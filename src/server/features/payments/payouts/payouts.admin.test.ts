import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, payments, payouts } from '../../../db/schema.ts';
import { registerUser } from '../../../testing/factories.ts';
import { coinbaseApp, heldPayment, registerAdmin } from '../../../testing/provider-apps.ts';
import { unbalancedPayments } from './ledger.ts';
import { reconcile } from './payouts.admin.ts';

// Coinbase Commerce has no payout API: payouts go to the operator console "to send by hand"; an
// operator records what they sent, with a reason, audit-logged. The books are checked by a job.
const t = await coinbaseApp();
const { app, db } = t;
const admin = await registerAdmin(t);
const member = await registerUser(app);
let clock = Date.now() + 60_000;

async function duePayment() {
  const { host, p } = await heldPayment(t, {
    cents: 8_000,
    releaseAt: new Date(clock - 1),
    renterId: member.user.id,
  });
  clock += 2 * 60_000;
  await app.jobs.tick(new Date(clock));
  const [o] = await db.db.select().from(payouts).where(eq(payouts.paymentId, p.id));
  return { host, p, o };
}
const act = (id: number, action: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  app.inject({ method: 'POST', url: `/api/admin/payouts/${id}/${action}`, headers: { cookie }, payload });

describe('payouts to send by hand', () => {
  it('lists them for operators only; "paid by hand" needs a reason and a reference, completes once, notifies and audits', async () => {
    const { host, o } = await duePayment();
    expect(o).toMatchObject({
      state: 'manual',
      amountCents: 8_000,
      destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });

    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/payouts', headers: { cookie: member.cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await act(o.id, 'paid', { reason: 'x', reference: 'y' }, member.cookie)).statusCode).toBe(404);
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/payouts',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((i: { id: number }) => i.id === o.id)).toMatchObject({ state: 'manual' });
    expect(list.json().owedToHostsCents).toBeGreaterThanOrEqual(8_000);
    expect(list.json().feesByMonth[0].cents).toBeGreaterThanOrEqual(480);

    expect((await act(o.id, 'paid', { reason: '' })).statusCode).toBe(400);
    expect((await act(o.id, 'paid', { reason: 'Sent from the Coinbase wallet' })).statusCode).toBe(400);
    const txid = 'ab'.repeat(32);
    const paid = await act(o.id, 'paid', { reason: 'Sent from the Coinbase wallet', reference: txid });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await act(o.id, 'paid', { reason: 'again', reference: txid })).statusCode).toBe(409);
    const [done] = await db.db.select().from(payouts).where(eq(payouts.id, o.id));
    expect(done).toMatchObject({ state: 'completed', proof: txid, proofType: 'txid' });
    const [audit] = await db.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.subjectType} = 'payout' and ${auditLog.subjectId} = ${o.id}`);
    expect(audit).toMatchObject({
      action: 'payout_paid_by_hand',
      reason: 'Sent from the Coinbase wallet',
      actorId: admin.user.id,
    });
    const sent = await db.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${host.user.id} and ${notifications.kind} = 'payout_sent'`);
    expect(sent).toHaveLength(1);
  });

  it('cancel and retry are audited; a retried manual payout returns to the queue and to the console', async () => {
    const { o } = await duePayment();
    const retried = await act(o.id, 'retry', { reason: 'Try again' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await db.db.select().from(payouts).where(eq(payouts.id, o.id)))[0].state).toBe('manual');
    const cancelled = await act(o.id, 'cancel', { reason: 'Host asked to be paid another way' });
    expect(cancelled.statusCode).toBe(200);
    expect((await db.db.select().from(payouts).where(eq(payouts.id, o.id)))[0].state).toBe('cancelled');
    const actions = await db.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.subjectType} = 'payout' and ${auditLog.subjectId} = ${o.id}`);
    expect(actions.map((a) => a.action)).toEqual(['payout_retry', 'payout_cancel']);
  });

  it('the reconciliation job flags a payment whose books do not balance, and only that one', async () => {
    const { p } = await duePayment();
    expect(await unbalancedPayments(db.db)).toEqual([]);
    // Money that left without a ledger entry: the books no longer add up.
    await db.db.update(payments).set({ refundedAmount: 100 }).where(eq(payments.id, p.id));
    expect(await reconcile(db.db, { warn: () => {} })).toBe(1);
    const [row] = await db.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row.flaggedReason).toBe('The books of this payment do not balance');
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/payouts',
      headers: { cookie: admin.cookie },
    });
    expect(list.json().unbalancedPayments).toBe(1);
  });
});
