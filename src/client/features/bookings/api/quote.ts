import { keepPreviousData } from '@tanstack/react-query';
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
