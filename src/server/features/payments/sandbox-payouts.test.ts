import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, payoutBatches, payouts } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { addPayoutMethod, registerAdmin } from '../../testing/provider-apps.ts';
import { booksOf, imbalance } from './payouts/ledger.ts';
import { payoutBackoffMs } from './payouts/payouts.events.ts';

// The sandbox payout page (ADR 032): a tester pays, cancels or fails a payout. A failed payout is
// handled as on BTCPay (its processor cancels a payout it cannot send): back to the queue, to be
// sent in a new batch under a new reference, with backoff, and after PAYOUT_MAX_ATTEMPTS to the operator console. Without an
// automated processor a payout waits on its page, so nothing here races the sandbox's processor.
const kit = await paymentsKit({ SANDBOX_PAYOUT_PROCESSOR: 'none', PAYOUT_MAX_ATTEMPTS: '3' });
const { app, db, host, completed } = kit;
const admin = await registerAdmin(kit);
await addPayoutMethod(db, host.user.id);

const MINUTE = 60_000;
let clock = Date.now() + 3 * 86_400_000;
const tick = async (ms: number, from = clock) => {
  clock = Math.max(clock, from) + ms;
  await app.jobs.tick(new Date(clock));
};
const payoutOf = async (paymentId: number) =>
  (await db.db.select().from(payouts).where(eq(payouts.paymentId, paymentId)))[0];
const press = (payoutId: string, action: 'complete' | 'cancel' | 'fail') =>
  app.inject({
    method: 'POST',
    url: `/sandbox/btcpay/payouts/${payoutId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
// The batch a payout was last sent in: its reference is what BTCPay's metadata carries (ADR 044).
const referenceOf = async (o: { batchId: number | null }) =>
  (await db.db.select().from(payoutBatches).where(eq(payoutBatches.id, o.batchId!)))[0].reference;
const pageOf = (payoutId: string) =>
  app.inject({ method: 'GET', url: `/sandbox/btcpay/payouts/${payoutId}` });

// A completed payment whose hold has ended and whose payout the sender has handed to the sandbox.
async function inFlight() {
  const p = await completed();
  await tick(2 * MINUTE, p.releaseAt!.getTime());
  const o = await payoutOf(p.id);
  expect(o).toMatchObject({ state: 'in_progress', attempts: 1 });
  return { p, o };
}

describe('the sandbox payout page', () => {
  it('offers paid, cancelled and failed; without an automated processor the payout waits for the tester', async () => {
    const { p, o } = await inFlight();
    const page = await pageOf(o.providerPayoutId!);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain(await referenceOf(o));
    for (const label of ['Pay it now', 'Cancel the payout', 'Fail the payout'])
      expect(page.body).toContain(label);
    await tick(60 * MINUTE);
    expect((await payoutOf(p.id)).state).toBe('in_progress');
    expect((await press(o.providerPayoutId!, 'complete')).statusCode).toBe(303);
    expect(await payoutOf(p.id)).toMatchObject({ state: 'completed', proofType: 'txid' });
  });

  it('Cancel sends PayoutUpdated and the payout is queued again, then sent under a new reference', async () => {
    const { p, o } = await inFlight();
    const first = await referenceOf(o);
    expect((await press(o.providerPayoutId!, 'cancel')).statusCode).toBe(303);
    const again = await payoutOf(p.id);
    expect(again).toMatchObject({ state: 'scheduled', generation: 2, providerPayoutId: null, batchId: null });
    await tick(payoutBackoffMs(1) + MINUTE, again.nextAttemptAt!.getTime());
    const resent = await payoutOf(p.id);
    expect(resent.state).toBe('in_progress');
    expect(await referenceOf(resent)).not.toBe(first);
    expect((await press(resent.providerPayoutId!, 'complete')).statusCode).toBe(303);
    expect((await payoutOf(p.id)).state).toBe('completed');
  });

  it('a failed payout is retried with backoff under new references, then waits for an operator, who retries it', async () => {
    const { p, o } = await inFlight();
    let providerId = o.providerPayoutId!;
    const references = new Set([await referenceOf(o)]);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await press(providerId, 'fail')).statusCode).toBe(303);
      const failedPage = await pageOf(providerId);
      expect(failedPage.body).toContain('Cancelled');
      expect(failedPage.body).toContain('The payout processor could not send the payout');
      const after = await payoutOf(p.id);
      expect(after.lastError).toBe('The provider cancelled the payout');
      if (attempt < 3) {
        // Back to the queue, sent again after the backoff under a new reference.
        expect(after).toMatchObject({ state: 'scheduled', attempts: attempt, providerPayoutId: null });
        expect(after.nextAttemptAt!.getTime() - after.updatedAt.getTime()).toBe(payoutBackoffMs(attempt));
        await tick(payoutBackoffMs(attempt) + MINUTE, after.nextAttemptAt!.getTime());
        const resent = await payoutOf(p.id);
        expect(resent).toMatchObject({ state: 'in_progress', attempts: attempt + 1 });
        const reference = await referenceOf(resent);
        expect(references.has(reference)).toBe(false);
        references.add(reference);
        providerId = resent.providerPayoutId!;
      } else expect(after).toMatchObject({ state: 'failed', attempts: 3 });
    }
    // Stuck: the host sees "needs attention", the console lists it, nothing goes out by itself.
    await tick(24 * 60 * MINUTE);
    expect((await payoutOf(p.id)).state).toBe('failed');
    const earnings = await app.inject({
      method: 'GET',
      url: '/api/users/me/payouts',
      headers: { cookie: host.cookie },
    });
    expect(earnings.json().items.find((e: { paymentId: number }) => e.paymentId === p.id).state).toBe(
      'needs_attention',
    );
    const consoleRes = await app.inject({
      method: 'GET',
      url: '/api/admin/payouts',
      headers: { cookie: admin.cookie },
    });
    const listed = consoleRes.json().items.find((i: { paymentId: number }) => i.paymentId === p.id);
    expect(listed).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'The provider cancelled the payout',
    });

    // The operator retries: sent at once; the tester pays it; the books balance.
    const retry = await app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${listed.id}/retry`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'The processor has funds again' },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const last = await payoutOf(p.id);
    expect(last).toMatchObject({ state: 'in_progress', attempts: 1 });
    expect((await press(last.providerPayoutId!, 'complete')).statusCode).toBe(303);
    expect(await payoutOf(p.id)).toMatchObject({ state: 'completed', generation: 4 });
    const [row] = await db.db.select().from(payments).where(eq(payments.id, p.id));
    const books = await booksOf(db.db, p.id);
    expect(books).toMatchObject({ cameIn: 12_720, payouts: 12_000, fee: 720, owed: 0 });
    expect(imbalance(books, row, 12_000)).toBeNull();
  });
});
