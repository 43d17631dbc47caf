import { addMonths, rentalTerms, todayUtc } from '#shared/bookings.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { invoiceDay, monthCharge, type PaymentPlan, rentPeriods } from '#shared/rent.ts';
import type { StayQuote } from '#shared/stay-quote.ts';
import { badRequest } from '../../errors.ts';
import type { ListingRow as Listing } from '../listings/queries.ts';
import { inSeason, monthsTouched } from './capacity.ts';

// What the quote needs from the configuration: the payout hold and when a month's rent is asked for.
export type QuoteSettings = { holdMs: number; invoiceDaysBefore: number };

export type StayAsked = { start: string; months: number | null; paymentPlan: PaymentPlan };

// The stay a grower asks for, checked against the listing (one rule for booking and for quoting):
// a start not in the past, months where the type needs them, a price, the season, the plan.
export function checkStay(
  listing: Listing,
  input: { start?: string; months?: number | null; paymentPlan?: PaymentPlan },
  now: Date,
) {
  const start = input.start ?? todayUtc(now);
  if (start < todayUtc(now)) throw badRequest('Start date cannot be in the past', 'START_IN_PAST');
  const months = input.months ?? null;
  if (listing.type !== 'community' && !months)
    throw badRequest('Choose how many months (1 to 12)', 'MONTHS_REQUIRED');
  if (listing.type === 'rental' && listing.price === null)
    throw badRequest('This listing has no price yet', 'NO_PRICE');
  const end = months ? addMonths(start, months) : null;
  const season = { start: listing.seasonStart, end: listing.seasonEnd };
  if (!monthsTouched(start, end, 1).every((m) => inSeason(season, m)))
    throw badRequest('Those dates are outside the season of this listing', 'OUT_OF_SEASON');
  const paymentPlan = input.paymentPlan ?? 'whole';
  if (paymentPlan === 'monthly' && (listing.type !== 'rental' || (months ?? 0) < 2))
    throw badRequest('Only a rental of two months or more can be paid month by month', 'NOT_MONTHLY');
  // The amounts the booking stores: rent per month, the stay's rent, the fee and the total.
  const terms = listing.type === 'rental' ? rentalTerms(listing.price!, months!) : null;
  return { start, end, months, paymentPlan, terms };
}

// The quote (ADR 045): the booking's own amounts, what each charge asks and when, and when each
// month's rent would go to the host if paid now (the hold after the month begins, as the payment
// webhook plans it).
export function quoteStay(listing: Listing, stay: ReturnType<typeof checkStay>, now: Date, s: QuoteSettings) {
  const { start, end, months, paymentPlan, terms } = stay;
  const today = todayUtc(now);
  const periods = terms && months ? rentPeriods(start, months) : [];
  const charges =
    !terms || !months
      ? []
      : paymentPlan === 'monthly'
        ? periods.map((p) => {
            const c = monthCharge(terms.pricePerMonth);
            // An invoice day already past is asked for today (the job writes it on its next run).
            const asked = p.month === 1 ? today : [invoiceDay(p.start, s.invoiceDaysBefore), today].sort()[1];
            return {
              month: p.month,
              askedOn: asked,
              dueBy: p.start,
              ...c,
              total: c.amount + c.fee,
            };
          })
        : [
            {
              month: 1,
              askedOn: today,
              dueBy: start,
              amount: terms.amount,
              fee: terms.fee,
              total: terms.total,
            },
          ];
  const releases = periods.map((p) => ({
    month: p.month,
    at: new Date(Math.max(Date.parse(`${p.start}T00:00:00Z`), now.getTime()) + s.holdMs).toISOString(),
  }));
  const quote: StayQuote = {
    listingId: listing.id,
    type: listing.type,
    start,
    end,
    months,
    paymentPlan,
    pricePerMonth: terms?.pricePerMonth ?? null,
    amount: terms?.amount ?? null,
    fee: terms?.fee ?? null,
    feePercent: PLATFORM_FEE_PERCENT,
    total: terms?.total ?? null,
    dueNow: charges[0]?.total ?? 0,
    charges,
    releases,
  };
  return quote;
}
