import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, payoutBatches, payouts } from '../../../db/schema.ts';
import { fakeBtcpay, README_PERMISSIONS } from '../../../testing/fake-btcpay.ts';
import {
  PAYOUT_ADDRESS as ADDRESS,
  btcpayApp,
  heldPayment,
  registerAdmin,
  BTCPAY_SECRET as SECRET,
} from '../../../testing/provider-apps.ts';
import { btcpaySignature } from '../providers/btcpay.ts';
import { BtcpayPayouts } from '../providers/btcpay-payouts.ts';
import { REFERENCE_KEY } from '../providers/greenfield-payouts.ts';
import { fetchTransport, ProviderError } from '../providers/types.ts';
import { sendDue } from './payouts.jobs.ts';

// Payouts against a test BTCPay Server on a real port (PAYMENT_PROVIDER=btcpay) that checks every
// request and every answer against BTCPay's own published Greenfield definition and behaves as
// BTCPay 2.4.1's source does where the document is silent (ADR 044). Webhooks are signed like
// BTCPay's. Calls to BTCPay time out after 2 s here (room for a loaded machine), so an answer 4 s
// late is a timeout.
const fake = await fakeBtcpay({ storeId: 'store1', apiKey: 'key1' });
const t = await btcpayApp({
  url: fake.url,
  storeId: 'store1',
  apiKey: 'key1',
  env: { PROVIDER_TIMEOUT_SECONDS: '2', PAYOUT_PROVIDER_WAIT_HOURS: '6' },
});
const { app, db } = t;
afterAll(() => fake.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let clock = Date.now() + MINUTE;
const tick = (ms = 0) => {
  clock += ms;
  return app.jobs.tick(new Date(clock));
};
let addresses = 0;
// Each host gets an address of their own (BTCPay allows one open payout per destination).
const nextAddress = () =>
  ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1q34aq5drpuwy3wgl9lhup9892qp6svr8ldzyy7c', ADDRESS][
    addresses++ % 3
  ];
// A host with a payout method and a completed payment whose hold has ended.
const duePayment = (method?: { type: 'bitcoin' | 'lightning'; destination: string }) =>
  heldPayment(t, {
    cents: 12_000,
    releaseAt: new Date(clock - MINUTE),
    method: method ?? { type: 'bitcoin', destination: `${nextAddress()}` },
  });
const payoutOf = async (paymentId: number) =>
  (await db.db.select().from(payouts).where(eq(payouts.paymentId, paymentId)))[0];
const batchOf = async (o: { batchId: number | null }) =>
  (await db.db.select().from(payoutBatches).where(eq(payoutBatches.id, o.batchId!)))[0];
const posts = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(path));
// Marks every open provider payout done, so the next test's host starts with a free destination.
const settleAll = async () => {
  for (const id of fake.process()) await deliver(hook('PayoutUpdated', id, 'Completed'));
};

function hook(
  type: string,
  payoutId: string,
  state: string,
  deliveryId = randomUUID(),
  original = deliveryId,
) {
  const body = {
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
  };
  return JSON.stringify(body);
}
const deliver = (body: string, sig = btcpaySignature(SECRET, body)) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook/btcpay',
    headers: { 'content-type': 'application/json', 'btcpay-sig': sig },
    payload: body,
  });

describe('the test BTCPay holds to the published definition', () => {
  it('refuses a request with a field BTCPay does not name, and an answer with one', async () => {
    // A request as our client would send it, with one field misspelt on the way.
    const misspelt = new BtcpayPayouts(
      async (req) =>
        fetchTransport(2_000)({ ...req, body: req.body?.replace('"payoutMethodId"', '"payoutMethodID"') }),
      fake.url,
      'store1',
      () => ({ authorization: 'token key1', 'content-type': 'application/json' }),
    );
    const before = fake.invalid.length;
    const err = await misspelt
      .createPayout({
        reference: 'r1',
        amountCents: 100,
        currency: 'USD',
        destination: ADDRESS,
        method: 'bitcoin',
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.status).toBe(422);
    expect(fake.invalid.slice(before).join('\n')).toMatch(/payoutMethodID/);

    // An answer that names a field the document does not (the proof under a wrong name).
    fake.tamper((path, body) =>
      path.endsWith('/payouts') ? { ...(body as object), paymentproof: { ProofType: 'x' } } : body,
    );
    const client = new BtcpayPayouts(fetchTransport(2_000), fake.url, 'store1', () => ({
      authorization: 'token key1',
      'content-type': 'application/json',
    }));
    const bad = await client
      .createPayout({
        reference: 'r2',
        amountCents: 100,
        currency: 'USD',
        destination: ADDRESS,
        method: 'bitcoin',
      })
      .catch((e) => e);
    fake.tamper(null);
    expect(bad).toBeInstanceOf(ProviderError);
    expect(fake.invalid.at(-1)).toMatch(/answer to POST .*paymentproof/);
    // Clean up the payout the first attempt left open at the address.
    for (const o of fake.payouts.values()) if (o.destination === ADDRESS) fake.set(o.id, 'Cancelled');
    fake.invalid.length = 0;
  });

  it('the README names the API key permissions every test here runs with', () => {
    const readme = fs.readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const named = new Set(readme.match(/btcpay\.store\.[a-z]+/g));
    for (const p of README_PERMISSIONS) expect(named).toContain(p);
  });
});

describe('BTCPay payouts', () => {
  it('creates a short-named pull payment and an approved payout with our reference; follows each webhook; completes once with the PascalCase proof', async () => {
    const { host, p } = await duePayment();
    await tick(2 * MINUTE);
    const o = await payoutOf(p.id);
    expect(o).toMatchObject({ state: 'in_progress', provider: 'btcpay', amountCents: 12_000 });
    const batch = await batchOf(o);
    expect(fake.invalid).toEqual([]);
    const [pp] = posts('/pull-payments').slice(-1);
    // BTCPay refuses a name over 50 characters (GreenfieldPullPaymentController.cs).
    expect((pp.body as { name: string }).name.length).toBeLessThanOrEqual(50);
    expect(pp.body).toMatchObject({ amount: '120.00', currency: 'USD', payoutMethods: ['BTC-CHAIN'] });
    const [created] = posts('/payouts').slice(-1);
    expect(created.auth).toBe('token key1');
    expect(created.body).toMatchObject({
      amount: '120.00',
      payoutMethodId: 'BTC-CHAIN',
      approved: true,
      metadata: { [REFERENCE_KEY]: batch.reference },
    });
    const id = o.providerPayoutId!;
    expect(id).toBe(batch.providerPayoutId);

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
    const txid = (fake.payouts.get(id)!.paymentProof as { TransactionId: string }).TransactionId;
    expect(paid).toMatchObject({ state: 'completed', proofType: 'txid', proof: txid });
    // Every key of the proof is kept as BTCPay stored it.
    expect((await batchOf(o)).proofData).toMatchObject({
      TransactionId: txid,
      ProofType: 'PayoutTransactionOnChainBlob',
    });
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
    expect(sent[0].body).toContain(txid);
    // The host sees the transaction id.
    const earnings = await app.inject({
      method: 'GET',
      url: '/api/users/me/payouts',
      headers: { cookie: host.cookie },
    });
    expect(earnings.json().items[0]).toMatchObject({ state: 'paid', proof: txid, proofType: 'txid' });
    expect(fake.invalid).toEqual([]);
  });

  it('reads a Lightning proof as BTCPay stores it: the preimage', async () => {
    const { p } = await duePayment({ type: 'lightning', destination: 'host@example.com' });
    await tick(2 * MINUTE);
    const o = await payoutOf(p.id);
    expect(posts('/payouts').at(-1)!.body).toMatchObject({
      payoutMethodId: 'BTC-LN',
      destination: 'host@example.com',
    });
    fake.set(o.providerPayoutId!, 'Completed');
    await deliver(hook('PayoutUpdated', o.providerPayoutId!, 'Completed'));
    const preimage = (fake.payouts.get(o.providerPayoutId!)!.paymentProof as { Preimage: string }).Preimage;
    expect(await payoutOf(p.id)).toMatchObject({
      state: 'completed',
      proofType: 'preimage',
      proof: preimage,
    });
    expect(fake.invalid).toEqual([]);
  });

  it('30 send runs at once with two payments due to one host give one payout covering both; the ledger stays per payment', async () => {
    const first = await duePayment();
    const second = await heldPayment(t, {
      cents: 5_000,
      releaseAt: new Date(clock - MINUTE),
      host: first.host,
    });
    await app.services.payments.releaseDue(new Date(clock));
    const before = posts('/payouts').length;
    clock += 2 * MINUTE;
    const deps = app.services.payoutDeps;
    await Promise.all(Array.from({ length: 30 }, () => sendDue(deps, new Date(clock))));
    expect(posts('/payouts').length).toBe(before + 1);
    expect(posts('/payouts').at(-1)!.body).toMatchObject({ amount: '170.00' });
    const a = await payoutOf(first.p.id);
    const b = await payoutOf(second.p.id);
    expect(a.batchId).not.toBeNull();
    expect(b.batchId).toBe(a.batchId);
    expect(await batchOf(a)).toMatchObject({ amountCents: 17_000, state: 'in_progress' });
    fake.set(a.providerPayoutId!, 'Completed');
    expect((await deliver(hook('PayoutUpdated', a.providerPayoutId!, 'Completed'))).json().outcome).toBe(
      'payout_completed',
    );
    for (const p of [first.p, second.p]) {
      const entries = await db.db
        .select()
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.paymentId} = ${p.id} and ${ledgerEntries.kind} = 'payout'`);
      expect(entries.map((e) => e.amountCents).sort((x, y) => x - y)).toEqual(
        p.id === first.p.id ? [-12_000, 12_000] : [-5_000, 5_000],
      );
    }
    // One notice for the one payout; the host sees which bookings it covered.
    const sent = await db.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${first.host.user.id} and ${notifications.kind} = 'payout_sent'`);
    expect(sent).toHaveLength(1);
    expect(sent[0].title).toContain('170.00');
    const earnings = await app.inject({
      method: 'GET',
      url: '/api/users/me/payouts',
      headers: { cookie: first.host.cookie },
    });
    for (const item of earnings.json().items)
      expect(item.payout, JSON.stringify(item.payout)).toMatchObject({
        id: a.batchId,
        amountCents: 17_000,
        payments: 2,
      });
    expect(fake.invalid).toEqual([]);
  });

  it('a payment due while the host has a payout open at BTCPay waits for it, then goes out in the next payout', async () => {
    const first = await duePayment();
    await tick(2 * MINUTE);
    const a = await payoutOf(first.p.id);
    expect(a.state).toBe('in_progress');
    const second = await heldPayment(t, { cents: 3_000, releaseAt: new Date(clock), host: first.host });
    await tick(2 * MINUTE);
    // No second payout to the same destination (BTCPay would answer duplicate-destination).
    expect((await payoutOf(second.p.id)).state).toBe('scheduled');
    expect(fake.invalid).toEqual([]);
    fake.set(a.providerPayoutId!, 'Completed');
    await deliver(hook('PayoutUpdated', a.providerPayoutId!, 'Completed'));
    await tick(2 * MINUTE);
    const b = await payoutOf(second.p.id);
    expect(b.state).toBe('in_progress');
    expect(b.batchId).not.toBe(a.batchId);
    await settleAll();
  });

  it('a duplicate-destination answer (a payout a person made in BTCPay) is retried, not failed', async () => {
    const { p } = await duePayment();
    // Someone created a payout to the host's address by hand in BTCPay.
    const dest = nextAddress();
    addresses += 2; // keep the next hosts off this address
    await db.db.execute(sql`update payout_methods set destination = ${dest} where user_id = ${p.hostId}`);
    const manual = new BtcpayPayouts(fetchTransport(2_000), fake.url, 'store1', () => ({
      authorization: 'token key1',
      'content-type': 'application/json',
    }));
    const byHand = await manual.createPayout({
      reference: 'by-hand',
      amountCents: 500,
      currency: 'USD',
      destination: dest,
      method: 'bitcoin',
    });
    await tick(2 * MINUTE);
    const o = await payoutOf(p.id);
    expect(o.state).toBe('sending');
    expect(o.lastError).toMatch(/already used for another payout/);
    fake.set(byHand.id, 'Completed');
    await tick(5 * MINUTE);
    expect((await payoutOf(p.id)).state).toBe('in_progress');
    await settleAll();
  });

  it('a create that BTCPay does but answers too late (timeout) gives one payout: the next run finds it by our reference', async () => {
    const { p } = await duePayment();
    const before = posts('/payouts').length;
    fake.slow((method, path) => method === 'POST' && path.endsWith('/payouts'), 4_000);
    await tick(2 * MINUTE);
    const waiting = await payoutOf(p.id);
    expect(waiting.state).toBe('sending');
    expect(waiting.lastError).toMatch(/BTCPay create payout/);
    expect(posts('/payouts').length).toBe(before + 1);
    // BTCPay did create it; the next run after the backoff asks for our reference and adopts it.
    await tick(2 * MINUTE);
    const o = await payoutOf(p.id);
    expect(o.state).toBe('in_progress');
    expect(posts('/payouts').length).toBe(before + 1);
    const mine = [...fake.payouts.values()].filter(
      (x) =>
        x.metadata[REFERENCE_KEY] ===
        (fake.payouts.get(o.providerPayoutId!)!.metadata[REFERENCE_KEY] as string),
    );
    expect(mine).toHaveLength(1);
    await settleAll();
  });

  it("a crash between BTCPay's answer and our commit: the lease runs out, the payout is found by its reference, not created again", async () => {
    const { p } = await duePayment();
    const before = posts('/payouts').length;
    await tick(2 * MINUTE);
    const o = await payoutOf(p.id);
    expect(posts('/payouts').length).toBe(before + 1);
    // As if the process died after BTCPay created it but before we stored its id.
    await db.db
      .update(payoutBatches)
      .set({ state: 'sending', providerPayoutId: null, lockedUntil: new Date(clock - 1) })
      .where(eq(payoutBatches.id, o.batchId!));
    await db.db.update(payouts).set({ state: 'sending', providerPayoutId: null }).where(eq(payouts.id, o.id));
    await tick(MINUTE);
    expect(await payoutOf(p.id)).toMatchObject({
      state: 'in_progress',
      providerPayoutId: o.providerPayoutId,
    });
    expect(posts('/payouts').length).toBe(before + 1);
    expect(fake.invalid).toEqual([]);
    await settleAll();
  });

  it('a payout BTCPay cancels goes back to the queue and is sent again in a new payout under a new reference', async () => {
    const { p } = await duePayment();
    await tick(2 * MINUTE);
    const first = await payoutOf(p.id);
    const firstBatch = await batchOf(first);
    fake.set(first.providerPayoutId!, 'Cancelled');
    expect((await deliver(hook('PayoutUpdated', first.providerPayoutId!, 'Cancelled'))).json().outcome).toBe(
      'payout_cancelled',
    );
    const queued = await payoutOf(p.id);
    expect(queued).toMatchObject({
      state: 'scheduled',
      generation: 2,
      providerPayoutId: null,
      batchId: null,
    });
    await tick(2 * MINUTE);
    const again = await payoutOf(p.id);
    expect(again.state).toBe('in_progress');
    expect(again.providerPayoutId).not.toBe(first.providerPayoutId);
    expect((await batchOf(again)).reference).not.toBe(firstBatch.reference);
    // A late webhook about the cancelled first attempt changes nothing.
    expect((await deliver(hook('PayoutUpdated', first.providerPayoutId!, 'Cancelled'))).json().outcome).toBe(
      'ignored',
    );
    await settleAll();
    expect(await payoutOf(p.id)).toMatchObject({ state: 'completed' });
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

  it('a payout whose webhook never comes is read back from BTCPay (GET /api/v1/payouts/{id}) and completed', async () => {
    const { p } = await duePayment();
    await tick(2 * MINUTE);
    const o = await payoutOf(p.id);
    fake.set(o.providerPayoutId!, 'Completed');
    await tick(2 * MINUTE);
    expect((await payoutOf(p.id)).state).toBe('in_progress');
    await tick(11 * MINUTE);
    expect(await payoutOf(p.id)).toMatchObject({ state: 'completed', proofType: 'txid' });
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path === `/api/v1/payouts/${o.providerPayoutId}`),
    ).toBe(true);
    expect(fake.invalid).toEqual([]);
  });

  it('after repeated failures the payout goes to the operators as failed', async () => {
    const { p } = await duePayment();
    fake.failNext(100);
    for (let i = 0; i < 6; i++) await tick(2 * HOUR);
    fake.failNext(0);
    expect(await payoutOf(p.id)).toMatchObject({ state: 'failed' });
    expect((await batchOf(await payoutOf(p.id))).state).toBe('failed');
  });
});

describe('a payout that waits at BTCPay', () => {
  it('without a payout processor: shown to operators as waiting at the provider, with the reason, in a metric', async () => {
    const bare = await fakeBtcpay({ storeId: 's2', apiKey: 'k2', processors: [] });
    const t2 = await btcpayApp({ url: bare.url, storeId: 's2', apiKey: 'k2' });
    try {
      const admin = await registerAdmin(t2);
      const { p } = await heldPayment(t2, { cents: 9_000, releaseAt: new Date(clock - MINUTE) });
      let at = clock + 2 * MINUTE;
      await t2.app.jobs.tick(new Date(at));
      const o = (await t2.db.db.select().from(payouts).where(eq(payouts.paymentId, p.id)))[0];
      expect(o.state).toBe('in_progress');
      expect(bare.payouts.get(o.providerPayoutId!)!.state).toBe('AwaitingPayment');
      const consoleOf = async () =>
        (await t2.app.inject({ method: 'GET', url: '/api/admin/payouts', headers: { cookie: admin.cookie } }))
          .json()
          .items.find((i: { id: number }) => i.id === o.id);
      for (let i = 0; i < 4; i++) {
        at += HOUR;
        await t2.app.jobs.tick(new Date(at));
      }
      expect((await consoleOf()).batch.waitingSince).toBeNull();
      for (let i = 0; i < 4; i++) {
        at += HOUR;
        await t2.app.jobs.tick(new Date(at));
      }
      const listed = await consoleOf();
      expect(listed.batch).toMatchObject({ providerState: 'AwaitingPayment', payments: 1 });
      expect(listed.batch.waitingSince).not.toBeNull();
      expect(listed.batch.waitingReason).toMatch(/no automated payout processor for BTC-CHAIN/);
      const metrics = await t2.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/^yardshare_payouts_waiting_at_provider 1$/m);
      // A person sends it in BTCPay: the next read completes it and it no longer waits.
      bare.set(o.providerPayoutId!, 'Completed');
      at += 2 * HOUR;
      await t2.app.jobs.tick(new Date(at));
      expect((await t2.db.db.select().from(payouts).where(eq(payouts.id, o.id)))[0].state).toBe('completed');
      expect((await t2.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
        /^yardshare_payouts_waiting_at_provider 0$/m,
      );
      expect(bare.invalid).toEqual([]);
    } finally {
      await t2.app.close();
      await bare.close();
    }
  });

  it('without a rate: the payout stays AwaitingApproval and the reason says so', async () => {
    const norate = await fakeBtcpay({ storeId: 's3', apiKey: 'k3', rate: false });
    const t3 = await btcpayApp({ url: norate.url, storeId: 's3', apiKey: 'k3' });
    try {
      const { p } = await heldPayment(t3, { cents: 9_000, releaseAt: new Date(clock - MINUTE) });
      let at = clock + 2 * MINUTE;
      for (let i = 0; i < 9; i++) {
        at += HOUR;
        await t3.app.jobs.tick(new Date(at));
      }
      const o = (await t3.db.db.select().from(payouts).where(eq(payouts.paymentId, p.id)))[0];
      const b = (await t3.db.db.select().from(payoutBatches).where(eq(payoutBatches.id, o.batchId!)))[0];
      expect(b).toMatchObject({ state: 'in_progress', providerState: 'AwaitingApproval' });
      expect(b.waitingReason).toMatch(/no exchange rate/);
      expect(norate.invalid).toEqual([]);
    } finally {
      await t3.app.close();
      await norate.close();
    }
  });

  it('a key without btcpay.store.canviewpayouts cannot read payouts back (BTCPay answers 403)', async () => {
    const narrow = await fakeBtcpay({
      storeId: 's4',
      apiKey: 'k4',
      permissions: ['btcpay.store.canmanagepullpayments'],
    });
    try {
      const client = new BtcpayPayouts(fetchTransport(2_000), narrow.url, 's4', () => ({
        authorization: 'token k4',
        'content-type': 'application/json',
      }));
      const err = await client.findPayout('x').catch((e) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect(err.status).toBe(403);
      expect(err.code).toBe('missing-permission');
    } finally {
      await narrow.close();
    }
  });
});
