import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, payouts } from '../../../db/schema.ts';
import { fakeBtcpay } from '../../../testing/fake-btcpay.ts';
import {
  PAYOUT_ADDRESS as ADDRESS,
  btcpayApp,
  heldPayment,
  BTCPAY_SECRET as SECRET,
} from '../../../testing/provider-apps.ts';
import { btcpaySignature } from '../providers/btcpay.ts';
import { REFERENCE_KEY } from '../providers/greenfield-payouts.ts';

// Payouts against a fake BTCPay Server on a real port (PAYMENT_PROVIDER=btcpay): every request is
// checked against the Greenfield definition, webhooks are signed like BTCPay's.
const fake = await fakeBtcpay({ storeId: 'store1', apiKey: 'key1' });
const t = await btcpayApp({ url: fake.url, storeId: 'store1', apiKey: 'key1' });
const { app, db } = t;
afterAll(() => fake.close());

const MINUTE = 60_000;
let clock = Date.now() + MINUTE;
const tick = (ms = 0) => {
  clock += ms;
  return app.jobs.tick(new Date(clock));
};

// A host with a payout method and a completed payment whose hold has ended.
const duePayment = (method?: { type: 'bitcoin' | 'lightning'; destination: string }) =>
  heldPayment(t, { cents: 12_000, releaseAt: new Date(clock - MINUTE), method });
const payoutOf = async (paymentId: number) =>
  (await db.db.select().from(payouts).where(eq(payouts.paymentId, paymentId)))[0];
const posts = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(path));

function hook(
  type: string,
  payoutId: string,
  state: string,
  deliveryId = randomUUID(),
  original = deliveryId,
) {
  return JSON.stringify({
    deliveryId,
    webhookId: 'wh1',
    originalDeliveryId: original,
    isRedelivery: deliveryId !== original,
    type,
    timestamp: Math.floor(Date.now() / 1000),
    storeId: 'store1',
    payoutId,
    pullPaymentId: null,
    payoutState: state,
  });
}
const deliver = (body: string, sig = btcpaySignature(SECRET, body)) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook/btcpay',
    headers: { 'content-type': 'application/json', 'btcpay-sig': sig },
    payload: body,
  });

describe('BTCPay payouts', () => {
  it('creates the payout with the amount, method and our reference; follows each webhook state; completes once with proof', async () => {
    const { host, p } = await duePayment();
    await tick(2 * MINUTE);
    const o = await payoutOf(p.id);
    expect(o).toMatchObject({ state: 'in_progress', provider: 'btcpay', amountCents: 12_000 });
    expect(fake.invalid).toEqual([]);
    const [pp] = posts('/pull-payments').slice(-1);
    expect(pp.body).toMatchObject({
      amount: '120.00',
      currency: 'USD',
      autoApproveClaims: true,
      payoutMethods: ['BTC-CHAIN'],
    });
    const [created] = posts('/payouts').slice(-1);
    expect(created.auth).toBe('token key1');
    expect(created.body).toMatchObject({
      destination: ADDRESS,
      amount: '120.00',
      payoutMethodId: 'BTC-CHAIN',
      approved: true,
      metadata: { [REFERENCE_KEY]: o.reference },
    });
    const id = o.providerPayoutId!;

    // Each state, through signed webhooks; the state is read back from BTCPay (GET), never trusted.
    expect((await deliver(hook('PayoutCreated', id, 'AwaitingPayment'))).json()).toMatchObject({
      received: true,
    });
    fake.set(id, 'InProgress');
    await deliver(hook('PayoutUpdated', id, 'InProgress'));
    expect(await payoutOf(p.id)).toMatchObject({ state: 'in_progress', providerState: 'InProgress' });

    // A forged webhook changes nothing, even one claiming completion.
    fake.set(id, 'Completed');
    const forged = await deliver(hook('PayoutUpdated', id, 'Completed'), btcpaySignature('wrong', 'x'));
    expect(forged.statusCode).toBe(400);
    expect((await payoutOf(p.id)).state).toBe('in_progress');

    const done = hook('PayoutUpdated', id, 'Completed');
    expect((await deliver(done)).json().outcome).toBe('payout_completed');
    const paid = await payoutOf(p.id);
    expect(paid).toMatchObject({ state: 'completed', proofType: 'txid' });
    expect(paid.proof).toMatch(/^[0-9a-f]{64}$/);
    // Replayed: the same delivery, and a redelivery of it, change nothing.
    expect((await deliver(done)).json().outcome).toBe('duplicate');
    const d = JSON.parse(done);
    expect(
      (await deliver(hook('PayoutUpdated', id, 'Completed', randomUUID(), d.deliveryId))).json().outcome,
    ).toBe('duplicate');
    const sent = await db.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${host.user.id} and ${notifications.kind} = 'payout_sent'`);
    expect(sent).toHaveLength(1);
    expect(fake.invalid).toEqual([]);
  });

  it('a 503 then success gives one payout; a claim lost in a crash is found by its reference, not created again', async () => {
    const { p } = await duePayment();
    const before = posts('/payouts').length;
    fake.failNext(1);
    await tick(2 * MINUTE);
    const retrying = await payoutOf(p.id);
    expect(retrying).toMatchObject({ state: 'scheduled', attempts: 1 });
    expect(retrying.lastError).toContain('503');
    // Not before the backoff: nothing is sent.
    await tick(10_000);
    expect(posts('/payouts').length).toBe(before);
    await tick(MINUTE);
    const o = await payoutOf(p.id);
    expect(o.state).toBe('in_progress');
    expect(posts('/payouts').length).toBe(before + 1);

    // As if the process died after BTCPay created it but before we stored its id: the lease runs
    // out, the next run asks BTCPay for our reference and adopts that payout.
    await db.db
      .update(payouts)
      .set({ state: 'sending', providerPayoutId: null, lockedUntil: new Date(clock - 1) })
      .where(eq(payouts.id, o.id));
    await tick(MINUTE);
    expect(await payoutOf(p.id)).toMatchObject({
      state: 'in_progress',
      providerPayoutId: o.providerPayoutId,
    });
    expect(posts('/payouts').length).toBe(before + 1);
    expect(fake.invalid).toEqual([]);
  });

  it('a payout BTCPay cancels goes back to the queue under a new reference and is sent again', async () => {
    const { p } = await duePayment({ type: 'lightning', destination: 'host@example.com' });
    await tick(2 * MINUTE);
    const first = await payoutOf(p.id);
    expect(posts('/payouts').at(-1)!.body).toMatchObject({
      payoutMethodId: 'BTC-LN',
      destination: 'host@example.com',
    });
    fake.set(first.providerPayoutId!, 'Cancelled');
    expect((await deliver(hook('PayoutUpdated', first.providerPayoutId!, 'Cancelled'))).json().outcome).toBe(
      'payout_cancelled',
    );
    const queued = await payoutOf(p.id);
    expect(queued).toMatchObject({ state: 'scheduled', generation: 2, providerPayoutId: null });
    expect(queued.reference).not.toBe(first.reference);
    await tick(2 * MINUTE);
    const again = await payoutOf(p.id);
    expect(again.state).toBe('in_progress');
    expect(again.providerPayoutId).not.toBe(first.providerPayoutId);
    expect(posts('/payouts').at(-1)!.body).toMatchObject({ metadata: { [REFERENCE_KEY]: queued.reference } });
    // A late webhook about the cancelled first attempt changes nothing.
    expect((await deliver(hook('PayoutUpdated', first.providerPayoutId!, 'Cancelled'))).json().outcome).toBe(
      'unknown_payout',
    );
    fake.set(again.providerPayoutId!, 'Completed');
    await deliver(hook('PayoutUpdated', again.providerPayoutId!, 'Completed'));
    expect(await payoutOf(p.id)).toMatchObject({
      state: 'completed',
      proofType: 'preimage',
      proof: 'cd'.repeat(32),
    });
    expect(await db.db.select().from(payouts).where(eq(payouts.paymentId, p.id))).toHaveLength(1);
  });

  it('a webhook storm (30 at once, redeliveries among them) completes the payout once: one ledger entry, one notice', async () => {
    const { host, p } = await duePayment();
    await tick(2 * MINUTE);
    const id = (await payoutOf(p.id)).providerPayoutId!;
    fake.set(id, 'Completed');
    const original = randomUUID();
    const bodies = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? hook('PayoutUpdated', id, 'Completed', randomUUID(), original)
        : hook('PayoutUpdated', id, 'Completed'),
    );
    const answers = await Promise.all(bodies.map((b) => deliver(b)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(answers.filter((a) => a.json().outcome === 'payout_completed')).toHaveLength(1);
    const entries = await db.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.paymentId} = ${p.id} and ${ledgerEntries.kind} = 'payout'`);
    expect(entries).toHaveLength(2);
    const sent = await db.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${host.user.id} and ${notifications.kind} = 'payout_sent'`);
    expect(sent).toHaveLength(1);
  });

  it('a payout whose webhook never comes is read back from BTCPay (GET) and completed', async () => {
    const { p } = await duePayment();
    await tick(2 * MINUTE);
    const o = await payoutOf(p.id);
    fake.set(o.providerPayoutId!, 'Completed');
    await tick(2 * MINUTE);
    expect((await payoutOf(p.id)).state).toBe('in_progress');
    await tick(11 * MINUTE);
    expect(await payoutOf(p.id)).toMatchObject({ state: 'completed', proofType: 'txid' });
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path.endsWith(`/payouts/${o.providerPayoutId}`)),
    ).toBe(true);
  });

  it('after repeated failures the payout goes to the operators as failed', async () => {
    const { p } = await duePayment();
    fake.failNext(100);
    for (let i = 0; i < 6; i++) await tick(2 * 3_600_000);
    fake.failNext(0);
    expect(await payoutOf(p.id)).toMatchObject({ state: 'failed', attempts: 5 });
  });
});
