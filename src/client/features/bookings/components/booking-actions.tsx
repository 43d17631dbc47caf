import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, CreditCard, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { formatMoney } from '#client/lib/format.ts';
import type { Booking, BookingAction } from '#shared/bookings.ts';
import type { RefundQuote } from '#shared/cancellation.ts';
import { type BookingActionName, useBookingAction, usePayBooking } from '../api/booking-mutations.ts';
import { cancellationQuery } from '../api/stay.ts';
import { cancelText } from './booking-format.ts';

type Confirmable = 'decline' | 'withdraw' | 'cancel';

const CONFIRM: Record<
  Confirmable,
  {
    title: MessageDescriptor;
    label: MessageDescriptor;
    keep: MessageDescriptor;
    text: (b: Booking, i18n: I18n, quote?: RefundQuote) => string;
  }
> = {
  decline: {
    title: msg`Decline this request?`,
    label: msg`Decline`,
    keep: msg`Back`,
    text: (b, i18n) => {
      const name = b.grower.name;
      return i18n._(msg`${name} will be told the answer is no. This cannot be undone.`);
    },
  },
  withdraw: {
    title: msg`Withdraw your request?`,
    label: msg`Withdraw`,
    keep: msg`Keep request`,
    text: (_b, i18n) => i18n._(msg`The host will no longer see it as waiting for an answer.`),
  },
  cancel: {
    title: msg`Cancel this booking?`,
    label: msg`Cancel booking`,
    keep: msg`Keep booking`,
    text: (b, i18n, quote) => cancelText(b, quote, i18n),
  },
};

// The buttons for what the viewer may do now, straight from the booking's `actions` (the shared
// transition table). Declining, withdrawing and cancelling ask first; cancelling states the refund.
export function BookingActions({
  booking,
  show = ['pay', 'accept', 'decline', 'withdraw', 'cancel'],
  size = 'default',
}: {
  booking: Booking;
  // The actions this place offers (when the booking allows them).
  show?: readonly BookingAction[];
  size?: 'default' | 'sm';
}) {
  const { t, i18n } = useLingui();
  const act = useBookingAction();
  const pay = usePayBooking();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const a = booking.actions.filter((x) => show.includes(x));
  const busy = act.isPending || pay.isPending || pay.isSuccess;
  const run = (action: BookingActionName) => act.mutate({ id: booking.id, action });
  // The refund the dialog states is the server's quote, read when the dialog opens (ADR 045).
  const quote = useQuery({
    ...cancellationQuery(booking.id),
    enabled: confirming === 'cancel' && booking.type === 'rental',
    staleTime: 0,
  });
  if (!a.length) return null;
  // A rental paid month by month pays its first month here (ADR 040); later months on their rows.
  const first = booking.paymentPlan === 'monthly' ? booking.rentMonths[0] : undefined;
  const due = first ? first.amount + first.fee : booking.total;
  const total = due !== null ? formatMoney(due, i18n.locale) : null;
  const payLabel = total !== null ? t`Pay ${total}` : t`Pay`;
  const c = confirming ? CONFIRM[confirming] : null;

  return (
    <div className="flex flex-wrap gap-2">
      {a.includes('pay') ? (
        <Button size={size} disabled={busy} onClick={() => pay.mutate(booking.id)}>
          <CreditCard aria-hidden="true" />
          {pay.isPending || pay.isSuccess ? t`Processing...` : payLabel}
        </Button>
      ) : null}
      {a.includes('accept') ? (
        <Button size={size} disabled={busy} onClick={() => run('accept')}>
          <Check aria-hidden="true" /> <Trans>Accept</Trans>
        </Button>
      ) : null}
      {a.includes('decline') ? (
        <Button size={size} variant="outline" disabled={busy} onClick={() => setConfirming('decline')}>
          <X aria-hidden="true" /> <Trans>Decline</Trans>
        </Button>
      ) : null}
      {a.includes('withdraw') ? (
        <Button size={size} variant="outline" disabled={busy} onClick={() => setConfirming('withdraw')}>
          <Undo2 aria-hidden="true" /> <Trans>Withdraw request</Trans>
        </Button>
      ) : null}
      {a.includes('cancel') ? (
        <Button size={size} variant="outline" disabled={busy} onClick={() => setConfirming('cancel')}>
          <X aria-hidden="true" /> <Trans>Cancel booking</Trans>
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={c ? i18n._(c.title) : ''}
        description={c ? c.text(booking, i18n, quote.data) : ''}
        confirmLabel={c ? i18n._(c.label) : undefined}
        cancelLabel={c ? i18n._(c.keep) : undefined}
        onConfirm={() => confirming && run(confirming)}
      />
    </div>
  );
}
