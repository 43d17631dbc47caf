import { describe, expect, it } from 'vitest';
import {
  canRefund,
  canTransition,
  createPaymentSchema,
  nextReleaseAt,
  PAYMENT_STATUSES,
  type PaymentStatus,
  partCents,
  payoutState,
  refundableCents,
  rentSpokenFor,
  sourcesOf,
} from './payments.ts';

const allowed: [PaymentStatus, PaymentStatus][] = [
  ['pending', 'completed'],
  ['pending', 'failed'],
  ['failed', 'completed'],
  ['completed', 'refunded'],
];

describe('payment transitions', () => {
  for (const from of PAYMENT_STATUSES) {
    for (const to of PAYMENT_STATUSES) {
      const ok = allowed.some(([f, t]) => f === from && t === to);
      it(`${from} -> ${to} is ${ok ? 'allowed' : 'forbidden'}`, () => {
        expect(canTransition(from, to)).toBe(ok);
      });
    }
  }

  it('gives the sources of each target (the guarded update)', () => {
    expect(sourcesOf('completed')).toEqual(['pending', 'failed']);
    expect(sourcesOf('failed')).toEqual(['pending']);
    expect(sourcesOf('refunded')).toEqual(['completed']);
    expect(sourcesOf('pending')).toEqual([]);
  });

  it('refunded is terminal and nothing returns to pending', () => {
    for (const to of PAYMENT_STATUSES) expect(canTransition('refunded', to)).toBe(false);
    for (const from of PAYMENT_STATUSES) expect(canTransition(from, 'pending')).toBe(false);
  });
});

describe('payout state and refunds', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  it('derives the payout from the payment', () => {
    expect(payoutState({ status: 'pending', releasedAt: null })).toBe('none');
    expect(payoutState({ status: 'failed', releasedAt: null })).toBe('none');
    expect(payoutState({ status: 'completed', releasedAt: null })).toBe('held');
    expect(payoutState({ status: 'completed', releasedAt: now })).toBe('released');
    expect(payoutState({ status: 'refunded', releasedAt: null })).toBe('refunded');
  });
  it('allows a refund only while held', () => {
    const later = new Date(now.getTime() + 1000);
    const earlier = new Date(now.getTime() - 1000);
    const money = { amount: 10_000, platformFee: 600, refundedAmount: null };
    expect(canRefund({ ...money, status: 'completed', releasedAt: null, releaseAt: later }, now)).toBe(true);
    expect(canRefund({ ...money, status: 'completed', releasedAt: null, releaseAt: earlier }, now)).toBe(
      false,
    );
    expect(canRefund({ ...money, status: 'completed', releasedAt: earlier, releaseAt: earlier }, now)).toBe(
      false,
    );
    expect(canRefund({ ...money, status: 'pending', releasedAt: null, releaseAt: null }, now)).toBe(false);
    expect(canRefund({ ...money, status: 'refunded', releasedAt: null, releaseAt: later }, now)).toBe(false);
  });

  it('holds a stay paid up front month by month: the months not yet released stay refundable (ADR 045)', () => {
    const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    const p = {
      status: 'completed' as const,
      amount: 30_000,
      platformFee: 1_800,
      refundedAmount: null,
      releaseAt: at(-1),
      releasedAt: null,
      releasePlan: [at(-1), at(29), at(59)],
      releasedParts: 0,
      releasedCents: 0,
    };
    // Month one's time has come (even before the job ran): the other two are held; the fee comes
    // back only with a booking undone whole.
    expect(rentSpokenFor(p, now)).toBe(10_000);
    expect(refundableCents(p, now)).toBe(20_000);
    expect(refundableCents({ ...p, releaseAt: at(1), releasePlan: [at(1), at(29), at(59)] }, now)).toBe(
      31_800,
    );
    expect(nextReleaseAt(p)?.toISOString()).toBe(at(-1));
    // Month one released; a refund of month three's rent; month two then pays its whole month and
    // month three nothing.
    const after = {
      ...p,
      releasedParts: 1,
      releasedCents: 10_000,
      releaseAt: at(29),
      refundedAmount: 10_000,
    };
    expect(partCents(after, 1, 10_000)).toBe(10_000);
    expect(partCents(after, 2, 20_000)).toBe(0);
    expect(refundableCents(after, now)).toBe(10_000);
    // An uneven amount: the last part takes the remainder.
    const odd = { ...p, amount: 10_001 };
    expect([0, 1, 2].map((k) => partCents(odd, k, k * 3_333))).toEqual([3_333, 3_333, 3_335]);
  });
});

describe('create payment input', () => {
  it('accepts listingId, cents and an optional real date', () => {
    expect(createPaymentSchema.safeParse({ listingId: 1, amount: 12000 }).success).toBe(true);
    expect(
      createPaymentSchema.safeParse({ listingId: 1, amount: 12000, rentalStart: '2026-12-01' }).success,
    ).toBe(true);
    expect(createPaymentSchema.safeParse({ listingId: 1, amount: 120.5 }).success).toBe(false);
    expect(createPaymentSchema.safeParse({ listingId: 1, amount: 0 }).success).toBe(false);
    expect(createPaymentSchema.safeParse({ listingId: '1', amount: 100 }).success).toBe(false);
    expect(
      createPaymentSchema.safeParse({ listingId: 1, amount: 100, rentalStart: '2026-02-30' }).success,
    ).toBe(false);
    expect(
      createPaymentSchema.safeParse({ listingId: 1, amount: 100, rentalStart: 'tomorrow' }).success,
    ).toBe(false);
  });
});
