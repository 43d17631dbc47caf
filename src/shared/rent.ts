import { addMonths } from './booking-rules.ts';
import { platformFeeCents } from './money.ts';

// Month-by-month rent (ADR 040): a rental of more than one month may be paid one month at a time.
// Zod-free: the database schema and the listing page's booking card read it.
export const PAYMENT_PLANS = ['whole', 'monthly'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

// The defaults of RENT_INVOICE_DAYS_BEFORE and RENT_GRACE_DAYS; reminders go out this many days
// before a month begins (each once).
export const RENT_INVOICE_DAYS_BEFORE = 7;
export const RENT_GRACE_DAYS = 3;
export const RENT_REMINDER_DAYS = [3, 1] as const;

export type RentPeriod = { month: number; start: string; end: string };

// Month k (1-based) runs from `start` + (k-1) months to `start` + k months, each counted from the
// booking's own start so a stay from Jan 31 has months from Jan 31, Feb 28 (29), Mar 31, ...
export function rentPeriods(start: string, months: number): RentPeriod[] {
  return Array.from({ length: months }, (_, i) => ({
    month: i + 1,
    start: addMonths(start, i),
    end: addMonths(start, i + 1),
  }));
}

// One month's charge: its rent and its own share of the fee (the fee of that month's rent).
export function monthCharge(pricePerMonth: number): { amount: number; fee: number } {
  return { amount: pricePerMonth, fee: platformFeeCents(pricePerMonth) };
}

const DAY_MS = 86_400_000;
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

// The day a month's invoice is written: `daysBefore` days before it begins.
export const invoiceDay = (monthStart: string, daysBefore: number) => shiftDay(monthStart, -daysBefore);
// The first day a month unpaid since it began ends the stay (the grace is `graceDays` whole days).
export const lapseDay = (monthStart: string, graceDays: number) => shiftDay(monthStart, graceDays);

// What is true of a month today: paid; due (invoiced, not begun); overdue (begun, unpaid, in its
// grace); upcoming (not invoiced yet).
export type RentMonthStatus = 'paid' | 'due' | 'overdue' | 'upcoming';
export function rentMonthStatus(
  period: RentPeriod,
  paid: boolean,
  invoiced: boolean,
  today: string,
): RentMonthStatus {
  if (paid) return 'paid';
  if (period.start <= today) return 'overdue';
  return invoiced ? 'due' : 'upcoming';
}
