import type { Earning } from './payouts.ts';

// A host's earnings as a CSV file (GET /api/users/me/payouts.csv). Pure: the server makes it on its
// CPU pool (ADR 055) from the rows it read.

const CSV_HEADER = [
  'payment_id',
  'payout_id',
  'booking_id',
  'listing',
  'grower',
  'state',
  'amount_usd',
  'fee_usd',
  'refunded_usd',
  'release_at',
  'paid_at',
  'proof',
];

// A cell as RFC 4180 wants it, and never a formula when opened in a spreadsheet.
function cell(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const usd = (cents: number) => (cents / 100).toFixed(2);

// The period is a range of UTC days, `to` included; a row counts by the day it was paid, or, not yet
// paid, the day its hold ends.
export function earningsCsv(items: Earning[], from?: string, to?: string): string {
  const lines = [CSV_HEADER.join(',')];
  for (const i of items) {
    const day = (i.completedAt ?? i.releaseAt ?? '').slice(0, 10);
    if (from && day < from) continue;
    if (to && day > to) continue;
    lines.push(
      [
        i.paymentId,
        i.id,
        i.bookingId,
        i.listingTitle,
        i.growerName,
        i.state,
        usd(i.amountCents),
        usd(i.feeCents),
        usd(i.refundedCents),
        i.releaseAt,
        i.completedAt,
        i.proof,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
