import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, rentalTerms } from './booking-rules.ts';
import {
  CANCELLATION_POLICIES,
  endEarlyRefundCents,
  monthsKept,
  type RefundTerms,
  refundCents,
} from './cancellation.ts';

const DAY = 86_400_000;
const startMs = (t: RefundTerms) => Date.parse(`${t.start}T00:00:00Z`);
const terms = (policy: RefundTerms['policy'], months = 3, start = '2027-01-31', price = 120) => {
  const { pricePerMonth, amount, fee } = rentalTerms(price, months);
  return { start, months, pricePerMonth, amount, fee, policy };
};
const at = (t: RefundTerms, ms: number) => new Date(startMs(t) + ms);

// The one rule before policies existed: the rent 7+ days ahead, later the whole months not yet
// begun after the first. Moderate must stay exactly this (existing bookings became Moderate).
function legacyRefund(b: RefundTerms, now: Date) {
  if (startMs(b) - now.getTime() >= 7 * DAY) return b.amount;
  let begun = 1;
  while (begun < b.months && Date.parse(`${addMonths(b.start, begun)}T00:00:00Z`) <= now.getTime())
    begun += 1;
  return Math.max(0, b.months - begun) * b.pricePerMonth;
}

const anyTerms = fc
  .record({
    policy: fc.constantFrom(...CANCELLATION_POLICIES),
    months: fc.integer({ min: 1, max: 12 }),
    price: fc.integer({ min: 0, max: 10_000 }),
    // Any start in 2026-2028, month ends included (Jan 31, Feb 29).
    start: fc.date({ min: new Date('2026-01-01'), max: new Date('2028-12-31'), noInvalidDate: true }),
  })
  .map((r) => terms(r.policy, r.months, r.start.toISOString().slice(0, 10), r.price));
// From 60 days before the start to the end of a year-long stay.
const offset = fc.integer({ min: -60 * DAY, max: 370 * DAY });

describe('cancellation policies', () => {
  it('each policy at its boundaries, in cents (3 months at $120: 12,000 cents a month)', () => {
    const cases: [RefundTerms['policy'], number, number][] = [
      ['flexible', -1 * DAY, 36_000],
      ['flexible', -1 * DAY + 1, 24_000],
      ['moderate', -7 * DAY, 36_000],
      ['moderate', -7 * DAY + 1, 24_000],
      ['moderate', 0, 24_000],
      ['strict', -30 * DAY, 36_000],
      ['strict', -30 * DAY + 1, 30_000],
      ['strict', -14 * DAY, 30_000],
      ['strict', -14 * DAY + 1, 12_000],
      ['strict', 0, 12_000],
    ];
    for (const [policy, ms, cents] of cases)
      expect([policy, ms, refundCents(terms(policy), 'grower', at(terms(policy), ms))]).toEqual([
        policy,
        ms,
        cents,
      ]);
  });

  it('after the start, months are counted by the calendar (a Jan 31 start: Feb 28, Mar 31)', () => {
    const t = terms('moderate', 3, '2027-01-31');
    expect(refundCents(t, 'grower', new Date('2027-02-27T23:59:59Z'))).toBe(24_000);
    expect(refundCents(t, 'grower', new Date('2027-02-28T00:00:00Z'))).toBe(12_000);
    expect(refundCents(t, 'grower', new Date('2027-03-31T00:00:00Z'))).toBe(0);
    const s = { ...t, policy: 'strict' as const };
    expect(refundCents(s, 'grower', new Date('2027-02-27T23:59:59Z'))).toBe(12_000);
    expect(refundCents(s, 'grower', new Date('2027-02-28T00:00:00Z'))).toBe(0);
  });

  it('Moderate is the rule every booking had before policies, at every moment', () => {
    fc.assert(
      fc.property(anyTerms, offset, (t, ms) => {
        const m = { ...t, policy: 'moderate' as const };
        expect(refundCents(m, 'grower', at(m, ms))).toBe(legacyRefund(m, at(m, ms)));
      }),
    );
  });

  it('a refund is whole cents, never more than the rent, and never grows as time passes', () => {
    fc.assert(
      fc.property(anyTerms, offset, fc.integer({ min: 0, max: 30 * DAY }), (t, ms, later) => {
        const now = refundCents(t, 'grower', at(t, ms));
        expect(Number.isInteger(now)).toBe(true);
        expect(now).toBeGreaterThanOrEqual(0);
        expect(now).toBeLessThanOrEqual(t.amount);
        expect(refundCents(t, 'grower', at(t, ms + later))).toBeLessThanOrEqual(now);
      }),
    );
  });

  it('Flexible never refunds less than Moderate, nor Moderate less than Strict', () => {
    fc.assert(
      fc.property(anyTerms, offset, (t, ms) => {
        const [f, m, s] = (['flexible', 'moderate', 'strict'] as const).map((policy) =>
          refundCents({ ...t, policy }, 'grower', at(t, ms)),
        );
        expect(f).toBeGreaterThanOrEqual(m);
        expect(m).toBeGreaterThanOrEqual(s);
      }),
    );
  });

  it('a host who cancels refunds everything paid, fee included, under every policy', () => {
    fc.assert(
      fc.property(anyTerms, offset, (t, ms) => {
        expect(refundCents(t, 'host', at(t, ms))).toBe(t.amount + t.fee);
      }),
    );
  });
});

describe('ending a stay early (ADR 037)', () => {
  it('the months kept are those begun before the new end, at month boundaries of any length', () => {
    const t = terms('moderate', 4, '2027-01-31');
    // Month 2 begins Feb 28, month 3 Mar 31, month 4 Apr 30.
    expect(monthsKept(t.start, 4, '2027-02-28')).toBe(1);
    expect(monthsKept(t.start, 4, '2027-03-01')).toBe(2);
    expect(monthsKept(t.start, 4, '2027-03-31')).toBe(2);
    expect(monthsKept(t.start, 4, '2027-04-01')).toBe(3);
    expect(monthsKept(t.start, 4, '2027-05-30')).toBe(4);
  });

  it('never refunds more than the rent of the months after the end, nor a grower more than the policy', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANCELLATION_POLICIES),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 370 }),
        fc.integer({ min: 0, max: 360 }),
        fc.constantFrom('grower' as const, 'host' as const, 'operator' as const),
        (policy, months, endIn, nowIn, by) => {
          const t = terms(policy, months);
          const end = new Date(startMs(t) + endIn * DAY).toISOString().slice(0, 10);
          const now = at(t, nowIn * DAY);
          const cents = endEarlyRefundCents(t, end, by, now);
          const unused = months - monthsKept(t.start, months, end);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(unused * t.pricePerMonth + t.fee);
          if (by === 'grower') expect(cents).toBeLessThanOrEqual(refundCents(t, 'grower', now));
          else expect(cents).toBe(unused * t.pricePerMonth + Math.floor((t.fee * unused) / months));
        },
      ),
    );
  });
});
