import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  chargeTotalCents,
  decimalProductToCents,
  decimalToCents,
  formatUsd,
  monthlyPriceToCents,
  platformFeeCents,
} from './money.ts';

describe('platform fee (6%, integer cents)', () => {
  it('known values', () => {
    expect(platformFeeCents(12_000)).toBe(720);
    expect(platformFeeCents(1)).toBe(0);
    expect(platformFeeCents(9)).toBe(1); // 0.54 rounds half up to 1
    expect(platformFeeCents(25)).toBe(2); // 1.5 rounds up
    expect(chargeTotalCents(1200)).toBe(1272);
    expect(centsToDecimal(chargeTotalCents(monthlyPriceToCents(12)))).toBe('12.72');
  });

  it('holds for every whole-dollar price: integer, within half a cent of 6%, total = amount + fee', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (price) => {
        const amount = monthlyPriceToCents(price);
        const fee = platformFeeCents(amount);
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(Math.abs(fee * 100 - amount * 6)).toBeLessThanOrEqual(50);
        // whole dollars: 6% of a multiple of 100 cents is exact
        expect(fee).toBe(price * 6);
        expect(chargeTotalCents(amount)).toBe(amount + fee);
        expect(decimalToCents(centsToDecimal(chargeTotalCents(amount)))).toBe(chargeTotalCents(amount));
      }),
    );
  });

  it('holds for any cent amount: rounding half up, monotonic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 1000 }), (a, d) => {
        const fee = platformFeeCents(a);
        // half up: 6a - 50 < 100 * fee <= 6a + 50
        expect(fee * 100 - a * 6).toBeGreaterThan(-50);
        expect(fee * 100 - a * 6).toBeLessThanOrEqual(50);
        expect(platformFeeCents(a + d)).toBeGreaterThanOrEqual(fee);
      }),
    );
  });

  it('refuses fractions, negatives and unsafe numbers', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 60]) expect(() => platformFeeCents(bad)).toThrow(RangeError);
    for (const bad of [-1, 12.5]) expect(() => monthlyPriceToCents(bad)).toThrow(RangeError);
  });
});

describe('decimal strings', () => {
  it('converts cents to decimals and back with integer arithmetic', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(formatUsd(12720)).toBe('$127.20');
    expect(decimalToCents('12.72')).toBe(1272);
    expect(decimalToCents('12.7')).toBe(1270);
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents('12.720000')).toBe(1272);
    expect(decimalToCents('12.725')).toBeNull();
    expect(decimalToCents('-1')).toBeNull();
    expect(decimalToCents('1e3')).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        (c) => decimalToCents(centsToDecimal(c)) === c,
      ),
    );
  });

  it('multiplies a crypto amount by its rate into floor cents', () => {
    expect(decimalProductToCents('0.0002544', '50000')).toBe(1272);
    expect(decimalProductToCents('0.00025439', '50000')).toBe(1271);
    expect(decimalProductToCents('0.1', '0.1')).toBe(1);
    expect(decimalProductToCents('abc', '1')).toBeNull();
  });
});
