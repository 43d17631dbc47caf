import { describe, expect, it } from 'vitest';
import { invoiceDay, lapseDay, monthCharge, rentMonthStatus, rentPeriods } from './rent.ts';

// Month-by-month rent (ADR 040): months counted from the booking's start, one month's charge, and
// what a month is today.
describe('rent months', () => {
  it('counts months from the start, keeping the day or the month’s last day', () => {
    expect(rentPeriods('2027-01-31', 3)).toEqual([
      { month: 1, start: '2027-01-31', end: '2027-02-28' },
      { month: 2, start: '2027-02-28', end: '2027-03-31' },
      { month: 3, start: '2027-03-31', end: '2027-04-30' },
    ]);
    expect(rentPeriods('2028-01-30', 2)[1]).toEqual({ month: 2, start: '2028-02-29', end: '2028-03-30' });
    expect(invoiceDay('2027-03-03', 7)).toBe('2027-02-24');
    expect(lapseDay('2027-02-27', 3)).toBe('2027-03-02');
  });

  it('charges a month its rent and that rent’s fee', () => {
    expect(monthCharge(12_000)).toEqual({ amount: 12_000, fee: 720 });
    expect(monthCharge(4_150)).toEqual({ amount: 4_150, fee: 249 });
  });

  it('says what a month is today: paid, due, overdue or upcoming', () => {
    const p = { month: 2, start: '2027-03-01', end: '2027-04-01' };
    expect(rentMonthStatus(p, true, true, '2027-03-05')).toBe('paid');
    expect(rentMonthStatus(p, false, true, '2027-02-25')).toBe('due');
    expect(rentMonthStatus(p, false, false, '2027-02-10')).toBe('upcoming');
    expect(rentMonthStatus(p, false, true, '2027-03-01')).toBe('overdue');
  });
});
