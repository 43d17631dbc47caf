import { PLATFORM_FEE_PERCENT } from './constants.ts';

// Money is integer cents everywhere. The fee is rounded half up to the cent.
export function platformFeeCents(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError('amount must be a non-negative integer of cents');
  return Math.floor((amountCents * PLATFORM_FEE_PERCENT + 50) / 100);
}

export function monthlyPriceToCents(priceDollars: number): number {
  if (!Number.isSafeInteger(priceDollars) || priceDollars < 0)
    throw new RangeError('price must be a non-negative integer of dollars');
  return priceDollars * 100;
}

export function chargeTotalCents(amountCents: number): number {
  return amountCents + platformFeeCents(amountCents);
}

// "1272" -> "12.72", with integer arithmetic only (for provider APIs and display).
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('cents must be a non-negative integer');
  const whole = Math.floor(cents / 100);
  const frac = cents % 100;
  return `${whole}.${frac.toString().padStart(2, '0')}`;
}

// "12.72" -> 1272; null when the string is not a plain non-negative decimal with at most 2 places.
export function decimalToCents(value: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) {
    const longer = /^(\d+)\.(\d{2})(0+)$/.exec(value.trim());
    if (!longer) return null;
    return Number(longer[1]) * 100 + Number(longer[2]);
  }
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

// "$12.72" for display; integer arithmetic only.
export function formatUsd(cents: number): string {
  return `$${centsToDecimal(cents)}`;
}

// floor(a * b * 100) for two non-negative decimal strings (a crypto amount times its fiat rate),
// with BigInt arithmetic so no binary rounding creeps in. null when either is not a plain decimal.
export function decimalProductToCents(a: string, b: string): number | null {
  const parse = (s: string): { n: bigint; scale: number } | null => {
    const m = /^(\d+)(?:\.(\d+))?$/.exec(s.trim());
    if (!m) return null;
    const frac = m[2] ?? '';
    return { n: BigInt(m[1] + frac), scale: frac.length };
  };
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  const scale = x.scale + y.scale;
  const cents = (x.n * y.n * 100n) / 10n ** BigInt(scale);
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(cents);
}
