import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { paymentsKit, quietLog } from '../../testing/payments.ts';
import { PaymentsService } from './payments.service.ts';
import type { PaymentProvider } from './providers/types.ts';

const kit = await paymentsKit();
const {
  app,
  db,
  host,
  renter,
  stranger,
  listing,
  create,
  createOk,
  press,
  paymentOf,
  event,
  deliver,
  refund,
  completed,
} = kit;
const noProvider = { id: 'sandbox' } as PaymentProvider;
const releaseDue = (now?: Date) => new PaymentsService(db.db, noProvider, quietLog).releaseDue(now);

describe('refunds and release', () => {
  it('the host refunds while the payout is held; the renter, strangers and a second refund are refused', async () => {
    const p = await completed();
    expect((await refund(p.id)).statusCode).toBe(401);
    expect((await refund(p.id, renter.cookie)).statusCode).toBe(403);
    expect((await refund(p.id, stranger.cookie)).statusCode).toBe(404);
    const res = await refund(p.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, status: 'refunded', payout: 'refunded', canRefund: false });
    const row = await paymentOf(p.chargeId);
    expect(row.refundedAt).not.toBeNull();
    expect(row.metadata).toMatchObject({ refund: { state: 'sent' } });
    const again = await refund(p.id, host.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment is already refunded');
    // refunded is terminal: a late "settled" does not bring it back
    expect((await deliver(event(p.chargeId, 'InvoiceSettled'))).json().outcome).toBe('ignored');
    expect((await paymentOf(p.chargeId)).status).toBe('refunded');
  });

  it('the release job releases due payouts once; a refund after release is refused', async () => {
    const p = await completed();
    // (other tests' payments may fall due too: only this one is checked)
    await releaseDue(new Date(p.releaseAt!.getTime() - 1000));
    expect((await paymentOf(p.chargeId)).releasedAt).toBeNull();
    const due = new Date(p.releaseAt!.getTime() + 1000);
    expect(await releaseDue(due)).toBeGreaterThanOrEqual(1);
    expect(await releaseDue(due)).toBe(0);
    const row = await paymentOf(p.chargeId);
    expect(row.releasedAt).not.toBeNull();
    const res = await refund(p.id, host.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already been released/);
    expect((await paymentOf(p.chargeId)).status).toBe('completed');
    const theirs = (
      await app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: host.cookie } })
    ).json();
    expect(theirs.asHost.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      payout: 'released',
      canRefund: false,
    });
  });

  it('refuses a refund once the release time passed even before the job ran, and for a pending payment', async () => {
    const p = await completed();
    await db.db
      .update(payments)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, p.id));
    expect((await refund(p.id, host.cookie)).statusCode).toBe(409);
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const pending = await paymentOf(invoiceId);
    const res = await refund(pending.id, host.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a completed payment can be refunded');
  });

  it('holds funds until 24 h after a chosen rental start', async () => {
    const l = await listing();
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const { invoiceId } = await createOk(l.id, renter.cookie, { rentalStart: start });
    expect((await paymentOf(invoiceId)).rentalStart?.toISOString()).toBe(`${start}T00:00:00.000Z`);
    await press(invoiceId, 'pay');
    const p = await paymentOf(invoiceId);
    expect(p.releaseAt?.toISOString()).toBe(
      new Date(Date.parse(`${start}T00:00:00Z`) + 86_400_000).toISOString(),
    );
    const past = await create(renter.cookie, {
      listingId: (await listing()).id,
      amount: 12_000,
      rentalStart: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/past/);
  });
});

describe('a refund racing the payout release', () => {
  const pause = async (microtasks: number, ms: number) => {
    for (let i = 0; i < microtasks; i++) await null;
    if (ms) await new Promise((r) => setTimeout(r, ms));
  };
  // Which side starts late, by how many microtasks (an in-process database answers within them)
  // or milliseconds (a database server does not): each round meets the other side elsewhere.
  const schedule: ['refund' | 'release', number, number][] = [
    ...Array.from({ length: 20 }, (_, i): ['release', number, number] => ['release', i * 3, 0]),
    ...[1, 2, 3, 4, 6, 8, 10, 13, 16, 20].map((ms): ['release', number, number] => ['release', 0, ms]),
    ...[2, 5, 10].map((ms): ['refund', number, number] => ['refund', 0, ms]),
  ];

  // The release job's clock is past releaseAt while the refund's is not (the job firing at the
  // boundary, or two instances with skewed clocks): only the guarded updates decide.
  it('ends with exactly one outcome, refunded or paid out, never both and never neither', async () => {
    const seen = { refunded: 0, released: 0 };
    for (const [late, microtasks, ms] of schedule) {
      const p = await completed();
      const releaseAt = new Date(Date.now() + 3_600_000);
      await db.db.update(payments).set({ releaseAt }).where(eq(payments.id, p.id));
      const [res] = await Promise.all([
        (late === 'refund' ? pause(microtasks, ms) : Promise.resolve()).then(() => refund(p.id, host.cookie)),
        (late === 'release' ? pause(microtasks, ms) : Promise.resolve()).then(() =>
          releaseDue(new Date(releaseAt.getTime() + 1000)),
        ),
      ]);
      const row = await paymentOf(p.chargeId);
      const refunded = row.status === 'refunded';
      const released = row.releasedAt !== null;
      const round = `${late} late by ${microtasks} microtasks, ${ms} ms`;
      expect(refunded !== released, `${round}: ${row.status}, released ${row.releasedAt}`).toBe(true);
      if (refunded) {
        expect(res.statusCode, res.body).toBe(200);
        expect(row.refundedAt).not.toBeNull();
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toMatch(/already been released/);
        expect(row.status).toBe('completed');
      }
      seen[refunded ? 'refunded' : 'released'] += 1;
    }
    // Both outcomes happen over the rounds, so the race itself was exercised.
    expect(seen.refunded).toBeGreaterThan(0);
    expect(seen.released).toBeGreaterThan(0);
  });
});
