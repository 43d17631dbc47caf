import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '#client/lib/format.ts';
import type { StayQuote } from '#shared/stay-quote.ts';
import { monthsText } from './booking-format.ts';

// The price of the stay asked for, as the server quoted it (ADR 045): rent, fee and total.
export function PriceBreakdown({ quote: q }: { quote: StayQuote }) {
  const { t, i18n } = useLingui();
  if (q.pricePerMonth === null || q.amount === null || q.fee === null || q.total === null) return null;
  const money = (cents: number) => formatMoney(cents, i18n.locale);
  const fee = q.feePercent;
  return (
    <dl className="space-y-1 rounded-lg bg-muted/60 p-3 text-sm" aria-label={t`Price`}>
      <div className="flex justify-between gap-2">
        <dt className="text-muted-foreground">
          {money(q.pricePerMonth)} × {monthsText(q.months ?? 1, i18n)}
        </dt>
        <dd>{money(q.amount)}</dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt className="text-muted-foreground">
          <Trans>Service fee ({fee}%)</Trans>
        </dt>
        <dd>{money(q.fee)}</dd>
      </div>
      <div className="flex justify-between gap-2 border-t border-border pt-1 font-semibold">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd data-testid="booking-total">{money(q.total)}</dd>
      </div>
    </dl>
  );
}
