import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type Notifier, silentNotifier } from '../../core/notifier.ts';
import { payments } from '../../db/schema.ts';
import { paymentsKit, quietLog } from '../../testing/payments.ts';
import { type Signal, signal, waitFor } from '../../testing/wait.ts';
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
const releaseDue = (now?: Date) =>
  new PaymentsService(db.db, noProvider, quietLog, {
    notifier: silentNotifier,
    bookings: app.bookings,
  }).releaseDue(now);

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
  // Which side starts late, and until when: a number of microtasks (an in-process database answers
  // within them), milliseconds (a database server does not), or 'held': until the other side is
  // inside its transaction with the payment claimed (its guarded update done, not yet committed),
  // told by a hook there. Each round meets the other side elsewhere; only the held rounds' winner
  // is known beforehand, and no check depends on where the others meet.
  type Late = 'refund' | 'release';
  type Until = { microtasks: number } | { ms: number } | 'held';
  const schedule: [Late, Until][] = [
    ...Array.from({ length: 20 }, (_, i): [Late, Until] => ['release', { microtasks: i * 3 }]),
    ...[1, 2, 3, 4, 6, 8, 10, 13, 16, 20].map((ms): [Late, Until] => ['release', { ms }]),
    ...[2, 5, 10].map((ms): [Late, Until] => ['refund', { ms }]),
    ['release', 'held'],
    ['refund', 'held'],
  ];

  // The hooks: each side's notice, written in its transaction right after its guarded update.
  // While a gate is set, that side tells it is there and waits for the gate to open.
  type Gate = { inside: Signal; open: Signal };
  let refundGate: Gate | null = null;
  let releaseGate: Gate | null = null;
  const pass = async (gate: Gate | null) => {
    gate?.inside.resolve();
    await gate?.open;
  };
  // The release's notice: the host's payout, written in its transaction after the guarded update.
  const gated = new PaymentsService(db.db, noProvider, quietLog, {
    notifier: {
      notify: async () => {
        await pass(releaseGate);
        return null;
      },
    } as Partial<Notifier> as Notifier,
    bookings: app.bookings,
  });

  // The release job's clock is past releaseAt while the refund's is not (the job firing at the
  // boundary, or two instances with skewed clocks): only the guarded updates decide.
  it('ends with exactly one outcome, refunded or paid out, never both and never neither', async () => {
    const refundRecorded = app.notices.refundRecorded;
    const spy = vi.spyOn(app.notices, 'refundRecorded').mockImplementation(async function (
      this: Notifier,
      ...args
    ) {
      await pass(refundGate);
      return refundRecorded.apply(this, args);
    });
    onTestFinished(() => spy.mockRestore());
    const seen = { refunded: 0, released: 0 };
    for (const [late, until] of schedule) {
      const p = await completed();
      const releaseAt = new Date(Date.now() + 3_600_000);
      await db.db.update(payments).set({ releaseAt }).where(eq(payments.id, p.id));
      const doRefund = () => refund(p.id, host.cookie);
      const doRelease = () => gated.releaseDue(new Date(releaseAt.getTime() + 1000));
      let res: Awaited<ReturnType<typeof doRefund>>;
      if (until === 'held') {
        // The first side claims the payment and waits, mid-transaction, while the other starts.
        const gate: Gate = { inside: signal(), open: signal() };
        if (late === 'release') refundGate = gate;
        else releaseGate = gate;
        try {
          const first = late === 'release' ? doRefund() : doRelease();
          const what = `the ${late === 'release' ? 'refund' : 'release'} to claim the payment`;
          await waitFor(gate.inside, { what });
          const second = late === 'release' ? doRelease() : doRefund();
          // A few turns of the event loop for the second side's first statement to reach the database.
          for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
          gate.open.resolve();
          const [a, b] = await Promise.all([first, second]);
          res = (late === 'release' ? a : b) as typeof res;
        } finally {
          gate.open.resolve();
          refundGate = null;
          releaseGate = null;
        }
      } else {
        const pause = async () => {
          if ('ms' in until) await new Promise((r) => setTimeout(r, until.ms));
          else for (let i = 0; i < until.microtasks; i++) await null;
        };
        [res] = await Promise.all([
          (late === 'refund' ? pause() : Promise.resolve()).then(doRefund),
          (late === 'release' ? pause() : Promise.resolve()).then(doRelease),
        ]);
      }
      const row = await paymentOf(p.chargeId);
      const refunded = row.status === 'refunded';
      const released = row.releasedAt !== null;
      const round = `${late} late ${until === 'held' ? 'until the other held the payment' : JSON.stringify(until)}`;
      expect(refunded !== released, `${round}: ${row.status}, released ${row.releasedAt}`).toBe(true);
      // Whoever claimed the payment first wins.
      if (until === 'held') expect(refunded, round).toBe(late === 'release');
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
    // Both outcomes happen over the rounds (the held rounds see to it), so both sides of the
    // guarded updates were exercised while the other side was in flight.
    expect(seen.refunded).toBeGreaterThan(0);
    expect(seen.released).toBeGreaterThan(0);
  });
});
