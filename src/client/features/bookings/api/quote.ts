import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '#client/lib/api.ts';
import type { PaymentPlan } from '#shared/rent.ts';

// What booking these dates would cost and charge when, from the server (ADR 045): the booking card
// shows these amounts and computes none. The last answer stays on screen while the next loads.
export const stayQuoteQuery = (
  listingId: number,
  stay: { start: string; months: number | null; plan: PaymentPlan },
) => {
  const params = new URLSearchParams();
  if (stay.start) params.set('start', stay.start);
  if (stay.months) params.set('months', String(stay.months));
  if (stay.plan === 'monthly') params.set('paymentPlan', 'monthly');
  return {
    ...apiQuery(['/api/listings', String(listingId), `quote?${params}`], 'stayQuote'),
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  };
};

// The booking form's quotes (ADR 045, 052): the whole stay's, and for two months or more the
// month-by-month plan's; `quote` is the chosen plan's, the one the form shows and pays.
export function useStayQuotes(
  listingId: number,
  stay: { start: string; months: number | null; priced: boolean; several: boolean; monthly: boolean },
) {
  const dates = { start: stay.start, months: stay.months };
  const wholeQuote = useQuery({
    ...stayQuoteQuery(listingId, { ...dates, plan: 'whole' }),
    enabled: stay.priced,
  });
  const monthlyQuote = useQuery({
    ...stayQuoteQuery(listingId, { ...dates, plan: 'monthly' }),
    enabled: stay.priced && stay.several,
  });
  const chosen = stay.monthly ? monthlyQuote : wholeQuote;
  return { wholeQuote, monthlyQuote, quote: chosen.data, quoteError: chosen.error };
}
