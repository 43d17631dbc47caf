import { Trans, useLingui } from '@lingui/react/macro';
import { ChoiceCards } from '#client/components/ui/choice-cards.tsx';
import { formatMoney } from '#client/lib/format.ts';
import { platformFeeCents } from '#shared/money.ts';
import type { PaymentPlan } from '#shared/rent.ts';

// Paying a rental of two months or more up front, or one month at a time (ADR 040), with what each
// charges now. The server computes the same amounts; these only show them.
export function PaymentPlanChoice({
  pricePerMonth,
  total,
  plan,
  onChange,
}: {
  pricePerMonth: number;
  total: number;
  plan: PaymentPlan;
  onChange: (plan: PaymentPlan) => void;
}) {
  const { t, i18n } = useLingui();
  const whole = formatMoney(total, i18n.locale);
  const month = formatMoney(pricePerMonth + platformFeeCents(pricePerMonth), i18n.locale);
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
          hint: t`${month} now for the first month, then ${month} before each month begins`,
        },
      ]}
    />
  );
}
