import { Trans, useLingui } from '@lingui/react/macro';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import { WAITLIST_REASON_MAX, type WaitlistOffer } from '#shared/waitlists.ts';
import { useAcceptOffer, useDeclineOffer } from '../api/waitlists.ts';
import { expiryText, offeredText } from './waitlist-format.ts';

const noop = () => {};

// A plot offered to the grower (ADR 049): the dates, until when it is held (a time in the reader's
// zone), and accept or decline. Accepting books it as booking directly would; the booking's page
// says what comes next (paying, for a rental).
export function OfferCard({
  listingId,
  offer,
  type,
}: {
  listingId: number;
  offer: WaitlistOffer;
  type: string;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const accept = useAcceptOffer(listingId);
  const decline = useDeclineOffer(listingId);
  const dates = offeredText(offer, i18n);
  const until = expiryText(offer, i18n);
  const busy = accept.isPending || decline.isPending;
  const failed = accept.error ?? decline.error;

  // Awaited rather than mutate callbacks: the refreshed lists may unmount this card first.
  const onAccept = () =>
    accept.mutateAsync(offer.id).then(({ bookingId }) => {
      toast({ title: t`Offer accepted`, description: t`The plot is booked for you.` });
      navigate(`/bookings/${bookingId}`);
    }, noop);
  // Declining is asked to be confirmed, with a reason for the host if the grower gives one (ADR 059).
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const onDecline = () =>
    decline
      .mutateAsync({ offerId: offer.id, reason })
      .then(
        () => toast({ title: t`Offer declined`, description: t`The plot goes to the next in line.` }),
        noop,
      );

  return (
    <div
      className="space-y-3 rounded-lg border border-primary/40 bg-accent/60 p-4 text-sm"
      data-testid="waitlist-offer"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Gift className="size-4 text-primary" aria-hidden="true" />
        <Trans>A plot is offered to you</Trans>
      </p>
      <p>
        <Trans>
          Dates: <span className="font-medium">{dates}</span>
        </Trans>
      </p>
      <p>
        <Trans>
          Held for you until{' '}
          <time dateTime={offer.expiresAt} className="font-medium">
            {until}
          </time>
          ; then it goes to the next in line.
        </Trans>
      </p>
      {type === 'rental' ? (
        <p className="text-xs text-muted-foreground">
          <Trans>Accepting books the plot; you then pay for it from the booking's page.</Trans>
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="text-destructive">
          {errorMessage(failed, t`Please try again.`)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          className="h-auto min-h-10 flex-1 whitespace-normal"
          disabled={busy}
          onClick={onAccept}
        >
          {accept.isPending ? t`Processing...` : t`Accept the plot`}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="h-auto min-h-10 flex-1 whitespace-normal"
          disabled={busy}
          onClick={() => {
            setReason('');
            setConfirming(true);
          }}
        >
          <Trans>Decline</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Decline this plot?`}
        description={t`The plot goes to the next in line and you leave this waiting list. The host is told your reason if you give one.`}
        confirmLabel={t`Decline the plot`}
        cancelLabel={t`Keep the offer`}
        reason={{ label: t`Reason (optional)`, value: reason, onChange: setReason, max: WAITLIST_REASON_MAX }}
        onConfirm={onDecline}
      />
    </div>
  );
}
