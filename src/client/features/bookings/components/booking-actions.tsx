import { Check, CreditCard, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import type { Booking, BookingAction } from '#shared/bookings.ts';
import { formatUsd } from '#shared/money.ts';
import { type BookingActionName, useBookingAction, usePayBooking } from '../api/bookings.ts';
import { cancelText } from './booking-format.ts';

type Confirmable = 'decline' | 'withdraw' | 'cancel';

const CONFIRM: Record<
  Confirmable,
  { title: string; label: string; keep: string; text: (b: Booking) => string }
> = {
  decline: {
    title: 'Decline this request?',
    label: 'Decline',
    keep: 'Back',
    text: (b) => `${b.grower.name} will be told the answer is no. This cannot be undone.`,
  },
  withdraw: {
    title: 'Withdraw your request?',
    label: 'Withdraw',
    keep: 'Keep request',
    text: () => 'The host will no longer see it as waiting for an answer.',
  },
  cancel: {
    title: 'Cancel this booking?',
    label: 'Cancel booking',
    keep: 'Keep booking',
    text: (b) => cancelText(b),
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
  const act = useBookingAction();
  const pay = usePayBooking();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const a = booking.actions.filter((x) => show.includes(x));
  const busy = act.isPending || pay.isPending || pay.isSuccess;
  const run = (action: BookingActionName) => act.mutate({ id: booking.id, action });
  if (!a.length) return null;

  return (
    <div className="flex flex-wrap gap-2">
      {a.includes('pay') ? (
        <Button size={size} disabled={busy} onClick={() => pay.mutate(booking.id)}>
          <CreditCard aria-hidden="true" />
          {pay.isPending || pay.isSuccess
            ? 'Processing...'
            : `Pay ${booking.total !== null ? formatUsd(booking.total) : ''}`.trim()}
        </Button>
      ) : null}
      {a.includes('accept') ? (
        <Button size={size} disabled={busy} onClick={() => run('accept')}>
          <Check aria-hidden="true" /> Accept
        </Button>
      ) : null}
      {a.includes('decline') ? (
        <Button size={size} variant="outline" disabled={busy} onClick={() => setConfirming('decline')}>
          <X aria-hidden="true" /> Decline
        </Button>
      ) : null}
      {a.includes('withdraw') ? (
        <Button size={size} variant="outline" disabled={busy} onClick={() => setConfirming('withdraw')}>
          <Undo2 aria-hidden="true" /> Withdraw request
        </Button>
      ) : null}
      {a.includes('cancel') ? (
        <Button size={size} variant="outline" disabled={busy} onClick={() => setConfirming('cancel')}>
          <X aria-hidden="true" /> Cancel booking
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={confirming ? CONFIRM[confirming].title : ''}
        description={confirming ? CONFIRM[confirming].text(booking) : ''}
        confirmLabel={confirming ? CONFIRM[confirming].label : undefined}
        cancelLabel={confirming ? CONFIRM[confirming].keep : undefined}
        onConfirm={() => confirming && run(confirming)}
      />
    </div>
  );
}
