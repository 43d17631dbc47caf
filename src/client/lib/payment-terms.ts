import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './api.ts';

// The money terms every page quotes, from the server's configuration (ADR 045): the hold after the
// rental start (PAYOUT_HOLD_HOURS) and the fee. Pre-rendered pages carry them in their state.
export const paymentTermsQuery = {
  ...apiQuery(['/api/payments/terms'], 'paymentTerms'),
  staleTime: Infinity,
};

// The configured hold in words ("24 hours"), or null until it is known: a text never guesses it.
export function useHoldText(): string | null {
  const { t } = useLingui();
  const { data } = useQuery(paymentTermsQuery);
  if (!data) return null;
  const hours = data.holdHours;
  return t`${plural(hours, { one: '# hour', other: '# hours' })}`;
}
