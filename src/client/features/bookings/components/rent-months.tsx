import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { formatMoney } from '#client/lib/format.ts';
import type { BookingDetail } from '#shared/bookings.ts';
import { RENT_GRACE_DAYS, shiftDay } from '#shared/rent.ts';
import { usePayBooking } from '../api/booking-mutations.ts';
import { dayBefore, formatDay } from './booking-format.ts';

type Month = BookingDetail['rentMonths'][number];

const LABELS: Record<Month['status'], MessageDescriptor> = {
  paid: msg`Paid`,
  due: msg`Due`,
  overdue: msg`Overdue`,
  upcoming: msg`Upcoming`,
};
const CLASSES: Record<Month['status'], string> = {
  paid: 'bg-accent text-accent-foreground',
  due: 'bg-amber-100 text-amber-900',
  overdue: 'bg-red-100 text-red-900',
  upcoming: 'bg-muted text-muted-foreground',
};

// The months of a rental paid month by month (ADR 040), as they are now: paid, due (with the Pay
// button to the checkout for the grower), overdue (begun, unpaid, in its grace) or upcoming.
export function RentMonths({ booking: b }: { booking: BookingDetail }) {
  const { t, i18n } = useLingui();
  const pay = usePayBooking();
  if (b.paymentPlan !== 'monthly' || !b.rentMonths.length) return null;
  const locale = i18n.locale;
  // Month 1 is paid through the booking's own Pay button while it awaits payment.
  const payable = (m: Month) =>
    b.role === 'grower' && m.month > 1 && (m.status === 'due' || m.status === 'overdue');
  const running = b.status === 'paid' || b.status === 'active';
  // The last day, as the booking's dates show it (the end is exclusive).
  const end = b.end ? formatDay(dayBefore(b.end), locale) : null;
  return (
    <section className="space-y-2" aria-label={t`Monthly rent`}>
      <h3 className="text-sm font-medium">
        <Trans>Monthly rent</Trans>
      </h3>
      <ul
        className="divide-y divide-border rounded-lg border border-border text-sm"
        data-testid="rent-months"
      >
        {b.rentMonths.map((m) => {
          const from = formatDay(m.start, locale);
          const total = formatMoney(m.amount + m.fee, locale);
          const lapse = formatDay(shiftDay(m.start, RENT_GRACE_DAYS), locale);
          return (
            <li key={m.month} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-medium">
                  <Trans>
                    Month {m.month} · from {from}
                  </Trans>
                </p>
                <p className="text-xs text-muted-foreground">
                  {m.status === 'due' ? (
                    <Trans>
                      {total}, due by {from}
                    </Trans>
                  ) : m.status === 'overdue' ? (
                    <Trans>
                      {total}, unpaid: the stay ends when the paid time ends unless paid by {lapse}
                    </Trans>
                  ) : (
                    total
                  )}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge className={CLASSES[m.status]} data-testid={`rent-month-${m.month}`}>
                  {i18n._(LABELS[m.status])}
                </Badge>
                {payable(m) ? (
                  <Button
                    size="sm"
                    disabled={pay.isPending || pay.isSuccess}
                    onClick={() => pay.mutate(b.id)}
                  >
                    <CreditCard aria-hidden="true" />
                    {pay.isPending || pay.isSuccess ? t`Processing...` : t`Pay ${total}`}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {running && end ? (
        <p className="text-xs text-muted-foreground">
          <Trans>The last day of the stay is {end}.</Trans>
        </p>
      ) : null}
    </section>
  );
}
