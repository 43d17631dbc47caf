import { describe, expect, it } from 'vitest';
import {
  canRefund,
  canTransition,
  createPaymentSchema,
  PAYMENT_STATUSES,
  type PaymentStatus,
  payoutState,
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
    expect(canRefund({ status: 'completed', releasedAt: null, releaseAt: later }, now)).toBe(true);
    expect(canRefund({ status: 'completed', releasedAt: null, releaseAt: earlier }, now)).toBe(false);
    expect(canRefund({ status: 'completed', releasedAt: earlier, releaseAt: earlier }, now)).toBe(false);
    expect(canRefund({ status: 'pending', releasedAt: null, releaseAt: null }, now)).toBe(false);
    expect(canRefund({ status: 'refunded', releasedAt: null, releaseAt: later }, now)).toBe(false);
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
