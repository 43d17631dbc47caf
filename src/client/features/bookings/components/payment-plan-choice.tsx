import { Trans, useLingui } from '@lingui/react/macro';
import { ChoiceCards } from '#client/components/ui/choice-cards.tsx';
import { formatMoney } from '#client/lib/format.ts';
import type { PaymentPlan } from '#shared/rent.ts';
import type { StayQuote } from '#shared/stay-quote.ts';
import { formatDay } from './booking-format.ts';

// Paying a rental of two months or more up front, or one month at a time (ADR 040), with what each
// charges and when, as the server quoted each plan (ADR 045).
export function PaymentPlanChoice({
  upFront,
  monthly,
  plan,
  onChange,
}: {
  upFront: StayQuote;
  monthly: StayQuote | undefined;
  plan: PaymentPlan;
  onChange: (plan: PaymentPlan) => void;
}) {
  const { t, i18n } = useLingui();
  const whole = formatMoney(upFront.dueNow, i18n.locale);
  const [first, second] = monthly?.charges ?? [];
  const month = first ? formatMoney(first.total, i18n.locale) : '';
  const asked = second ? formatDay(second.askedOn, i18n.locale) : '';
  const register = () => ({
    name: 'paymentPlan',
    onChange: async (e: { target: unknown }) => onChange((e.target as HTMLInputElement).value as PaymentPlan),
    onBlur: async () => {},
    ref: (el: HTMLInputElement | null) => {
      if (el) el.checked = el.value === plan;
    },
  });
  return (
    <ChoiceCards
      legend={<Trans>How to pay</Trans>}
      chosen={plan}
      register={register}
      // The booking card is narrow on every screen: one card under the other.
      columns="grid-cols-1"
      choices={[
        { value: 'whole', label: t`All at once`, hint: t`${whole} now` },
        {
          value: 'monthly',
          label: t`Month by month`,
          hint: first
            ? second
              ? t`${month} now for the first month, then ${month} before each month begins (the next asked on ${asked})`
              : t`${month} now for the first month, then ${month} before each month begins`
            : '',
        },
      ]}
    />
  );
}
