import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sandboxRecords } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { testConfig } from '../../testing/test-app.ts';
import { SANDBOX_RECORD_TTL_MS, type SandboxInvoice, SandboxStore } from './sandbox-store.ts';

// The sandbox keeps its invoices in sandbox_records (ADR 026): a checkout made through one instance
// is paid through another, and two instances pressing at once change an invoice once.
const kit = await paymentsKit();
const { app, db, listing, createOk, paymentOf, eventsOf } = kit;
// A second instance on the same database, with its own random sandbox keys and webhook secret.
const second = await buildApp({ config: testConfig(), db, logger: false, serveClient: false });
await second.ready();
afterAll(() => second.close());

const pressOn = (on: typeof app, invoiceId: string, action: string) =>
  on.inject({
    method: 'POST',
    url: `/sandbox/btcpay/i/${invoiceId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
const record = async (id: string) =>
  (await db.db.select().from(sandboxRecords).where(eq(sandboxRecords.id, id)))[0];

describe('the sandbox on several instances', () => {
  it('pays through one instance a checkout made through another', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    expect((await record(invoiceId)).kind).toBe('invoice');
    const page = await second.inject({ method: 'GET', url: `/sandbox/btcpay/i/${invoiceId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Awaiting payment');

    const paid = await pressOn(second, invoiceId, 'pay');
    expect(paid.statusCode).toBe(303);
    expect((await paymentOf(invoiceId)).status).toBe('completed');
    const data = (await record(invoiceId)).data as SandboxInvoice;
    expect([data.status, data.payments.length]).toEqual(['Settled', 1]);
    // The first instance sees the same invoice.
    const again = await app.inject({ method: 'GET', url: `/sandbox/btcpay/i/${invoiceId}` });
    expect(again.body).toContain('Paid');
    expect(again.body).not.toContain('Awaiting payment');
  });

  it('records one payment when both instances press pay at once', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const results = await Promise.all([
      pressOn(app, invoiceId, 'pay'),
      pressOn(second, invoiceId, 'pay'),
      pressOn(app, invoiceId, 'pay'),
      pressOn(second, invoiceId, 'pay'),
    ]);
    for (const r of results) expect(r.statusCode).toBe(303);
    const data = (await record(invoiceId)).data as SandboxInvoice;
    expect(data.payments).toHaveLength(1);
    expect(data.status).toBe('Settled');
    expect((await paymentOf(invoiceId)).status).toBe('completed');
    const types = (await eventsOf(invoiceId)).map((e) => e.type).sort();
    expect(types).toEqual(
      ['InvoicePaymentSettled', 'InvoiceProcessing', 'InvoiceReceivedPayment', 'InvoiceSettled'].sort(),
    );
  });

  it('lets one of two instances expire or underpay an open invoice, and refuses the other', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const [a, b] = await Promise.all([
      pressOn(app, invoiceId, 'underpay'),
      pressOn(second, invoiceId, 'expire'),
    ]);
    // Expiring needs an open invoice, which it always finds; underpaying after that is refused.
    expect(b.statusCode).toBe(303);
    expect([303, 409]).toContain(a.statusCode);
    const data = (await record(invoiceId)).data as SandboxInvoice;
    expect(data.status).toBe('Expired');
    expect(data.payments).toHaveLength(a.statusCode === 303 ? 1 : 0);
  });

  it('forgets records a day after they were made', async () => {
    const store = new SandboxStore(db.db);
    const old = await store.create({
      storeId: 'sandbox-store',
      amountCents: 100,
      currency: 'USD',
      metadata: {},
      redirectUrl: '/payment/success',
    });
    const fresh = await store.create({
      storeId: 'sandbox-store',
      amountCents: 100,
      currency: 'USD',
      metadata: {},
      redirectUrl: '/payment/success',
    });
    await db.db
      .update(sandboxRecords)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(sandboxRecords.id, old.id));
    expect(await store.purge(new Date())).toBeGreaterThanOrEqual(1);
    expect(await store.get(old.id)).toBeUndefined();
    expect((await store.get(fresh.id))?.id).toBe(fresh.id);
    const gone = await second.inject({ method: 'GET', url: `/sandbox/btcpay/i/${old.id}` });
    expect(gone.statusCode).toBe(404);
    // The job runs the purge hourly on one instance.
    expect(await app.jobs.tick(new Date(Date.now() + SANDBOX_RECORD_TTL_MS))).toContain('sandbox.purge');
    expect((await store.get(fresh.id))?.id).toBe(fresh.id);
  });

  it('reports an open invoice past its expiry as expired, and stores that on its next change', async () => {
    const store = new SandboxStore(db.db);
    const inv = await store.create({
      storeId: 'sandbox-store',
      amountCents: 100,
      currency: 'USD',
      metadata: {},
      redirectUrl: '/payment/success',
    });
    const past = { ...inv, expirationTime: Math.floor(Date.now() / 1000) - 1 };
    await db.db.update(sandboxRecords).set({ data: past }).where(eq(sandboxRecords.id, inv.id));
    expect((await store.get(inv.id))?.status).toBe('Expired');
    expect(((await record(inv.id)).data as SandboxInvoice).status).toBe('New');
    await store.change(inv.id, () => null);
    expect(((await record(inv.id)).data as SandboxInvoice).status).toBe('Expired');
  });
});
