import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '#shared/payments.ts';
import { silentNotifier } from '../../core/notifier.ts';
import { payments } from '../../db/schema.ts';
import { paymentsKit, quietLog, SECRET } from '../../testing/payments.ts';
import { PaymentsService } from './payments.service.ts';
import { btcpaySignature, verifyBtcpayWebhook } from './providers/btcpay.ts';
import type { ChargeSnapshot, PaymentProvider } from './providers/types.ts';

// Each check made before a "paid" event completes a payment, against a provider whose answers the
// test sets: the real BTCPay signature check, a charge snapshot and a refund chosen per case.
const kit = await paymentsKit();
const { app, db, host, renter, listing, event } = kit;

let snapshot: ChargeSnapshot;
let refundError: Error | null = null;
const provider: PaymentProvider = {
  id: 'btcpay',
  createCharge: async () => {
    throw new Error('not used');
  },
  verifyWebhook: (raw, headers) => verifyBtcpayWebhook(SECRET, raw, headers),
  getCharge: async () => snapshot,
  refund: async () => {
    if (refundError) throw refundError;
    return { manual: false, reference: 'pp1' };
  },
};
const service = new PaymentsService(db.db, provider, quietLog, {
  notifier: silentNotifier,
  bookings: app.bookings,
});

// A fresh listing each time: a renter has at most one pending payment per listing.
async function payment(status: PaymentStatus, extra: Partial<typeof payments.$inferInsert> = {}) {
  const l = await listing();
  const [row] = await db.db
    .insert(payments)
    .values({
      chargeId: `chk-${randomUUID()}`,
      provider: 'btcpay',
      listingId: l.id,
      renterId: renter.user.id,
      hostId: host.user.id,
      amount: 12_000,
      platformFee: 720,
      status,
      ...extra,
    })
    .returning();
  return row;
}
const rowOf = async (id: number) => (await db.db.select().from(payments).where(eq(payments.id, id)))[0];

// What BTCPay reports for a charge paid in full.
const full = (chargeId: string): ChargeSnapshot => ({
  chargeId,
  state: 'paid',
  amountCents: 12_720,
  paidCents: 12_720,
  currency: 'USD',
});

function webhook(chargeId: string, type: string) {
  const body = event(chargeId, type);
  return service.handleWebhook(Buffer.from(body), { 'btcpay-sig': btcpaySignature(SECRET, body) });
}

// A paid event in time, and a late one for a failed payment: the same checks apply to both.
const paths: [PaymentStatus, string][] = [
  ['pending', 'InvoiceSettled'],
  ['failed', 'InvoicePaidAfterExpiration'],
];

describe('checks before a paid event completes a payment', () => {
  it('completes when the provider confirms the full amount (the control case)', async () => {
    for (const [status, type] of paths) {
      const p = await payment(status);
      snapshot = full(p.chargeId);
      expect(await webhook(p.chargeId, type)).toMatchObject({ outcome: 'completed', status: 'completed' });
      expect(await rowOf(p.id)).toMatchObject({ status: 'completed', flaggedReason: null });
    }
  });

  const refusals: [string, (s: ChargeSnapshot) => ChargeSnapshot, RegExp][] = [
    ['another charge', (s) => ({ ...s, chargeId: 'another-invoice' }), /another charge \(another-invoice\)/],
    ['another currency', (s) => ({ ...s, currency: 'EUR' }), /Currency mismatch: EUR instead of USD/],
    ['another price', (s) => ({ ...s, amountCents: 12_000 }), /Amount mismatch: the charge is for \$120\.00/],
    ['an unreadable price', (s) => ({ ...s, amountCents: null }), /Amount mismatch: .*unreadable amount/],
    ['an unreadable paid amount', (s) => ({ ...s, paidCents: null }), /unreadable paid amount/],
    ['a short payment', (s) => ({ ...s, paidCents: 12_719 }), /Underpaid: received \$127\.19 of \$127\.20/],
    ['a charge reported as failed', (s) => ({ ...s, state: 'failed' }), /reports the charge as failed/],
  ];
  for (const [what, change, reason] of refusals) {
    it(`flags and does not complete a payment when the provider reports ${what}`, async () => {
      for (const [status, type] of paths) {
        const p = await payment(status);
        snapshot = change(full(p.chargeId));
        expect(await webhook(p.chargeId, type), type).toMatchObject({ outcome: 'flagged', status });
        const row = await rowOf(p.id);
        expect(row.status, type).toBe(status);
        expect(row.flaggedReason, type).toMatch(reason);
        expect(row.confirmedAt, type).toBeNull();
        expect(row.releaseAt, type).toBeNull();
      }
    });
  }

  it('waits, without flagging, while the full amount is not yet confirmed; completes once it is', async () => {
    for (const [status, type] of paths) {
      const p = await payment(status);
      snapshot = { ...full(p.chargeId), state: 'pending' };
      expect(await webhook(p.chargeId, type)).toMatchObject({ outcome: 'unconfirmed', status });
      expect(await rowOf(p.id)).toMatchObject({ status, flaggedReason: null, confirmedAt: null });
      snapshot = full(p.chargeId);
      expect(await webhook(p.chargeId, 'InvoicePaymentSettled')).toMatchObject({ outcome: 'pending' });
      const late = event(p.chargeId, 'InvoicePaymentSettled', randomUUID(), { afterExpiration: true });
      const res = await service.handleWebhook(Buffer.from(late), {
        'btcpay-sig': btcpaySignature(SECRET, late),
      });
      expect(res).toMatchObject({ outcome: 'completed' });
    }
  });
});

describe('a refund the provider fails to send', () => {
  it('keeps the payment refunded (the payout stays blocked) and flags it for follow-up', async () => {
    const p = await payment('completed', {
      confirmedAt: new Date(),
      releaseAt: new Date(Date.now() + 86_400_000),
    });
    refundError = new Error('BTCPay refund: HTTP 500');
    try {
      const view = await service.refund(host.user.id, p.id);
      expect(view).toMatchObject({ status: 'refunded', flagged: true, canRefund: false });
    } finally {
      refundError = null;
    }
    const row = await rowOf(p.id);
    expect(row.status).toBe('refunded');
    expect(row.flaggedReason).toBe('Refund recorded but not sent by the provider: BTCPay refund: HTTP 500');
    expect(row.metadata).toMatchObject({ refund: { state: 'failed', error: 'BTCPay refund: HTTP 500' } });

    // The control case: a refund the provider sends is not flagged.
    const ok = await payment('completed', {
      confirmedAt: new Date(),
      releaseAt: new Date(Date.now() + 86_400_000),
    });
    expect(await service.refund(host.user.id, ok.id)).toMatchObject({ status: 'refunded', flagged: false });
    expect((await rowOf(ok.id)).metadata).toMatchObject({ refund: { state: 'sent', reference: 'pp1' } });
  });
});
