import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { MyWaitlist } from '#shared/waitlists.ts';
import { useLeaveWaitlist } from '../api/waitlists.ts';
import { OfferCard } from './offer-card.tsx';
import { wantedText } from './waitlist-format.ts';

const noop = () => {};

// The grower's place on one list (ADR 049): their number in line as the server counts it, the
// dates they asked for, any offer to answer, and leaving. `withListing` names the listing (the
// bookings page); on the listing's own page it goes without saying.
export function WaitlistPlace({ entry, withListing = false }: { entry: MyWaitlist; withListing?: boolean }) {
  const { t, i18n } = useLingui();
  const [leaving, setLeaving] = useState(false);
  const leave = useLeaveWaitlist(entry.listingId);
  const place = entry.position;
  const wanted = wantedText(entry, i18n);
  const title = entry.listing.title;
  const city = entry.listing.city;

  return (
    <div className="space-y-3 rounded-lg bg-muted/60 p-4 text-sm" data-testid="waitlist-place">
      {withListing ? null : (
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          <Trans>Waiting list</Trans>
        </p>
      )}
      {withListing ? (
        <p className="font-semibold">
          <Link to={`/listings/${entry.listingId}`} className="underline-offset-4 hover:underline">
            {title}
          </Link>{' '}
          <span className="font-normal text-muted-foreground">· {city}</span>
        </p>
      ) : null}
      {entry.offer ? null : (
        <p className="text-base font-semibold">
          <Trans>You are number {place} in line</Trans>
        </p>
      )}
      <p className="text-muted-foreground">
        <Trans>Dates wanted: {wanted}</Trans>
      </p>
      {entry.note ? <p className="whitespace-pre-line break-words italic">“{entry.note}”</p> : null}
      {entry.offer ? (
        <OfferCard listingId={entry.listingId} offer={entry.offer} type={entry.listing.type} />
      ) : null}
      {leave.error ? (
        <p role="alert" className="text-destructive">
          {errorMessage(leave.error, t`Please try again.`)}
        </p>
      ) : null}
      {leaving ? (
        <div className="flex flex-wrap items-center gap-2">
          <span>
            <Trans>Leave and give up your place?</Trans>
          </span>
          <Button
            type="button"
            variant="destructive"
            size="sm"
            disabled={leave.isPending}
            onClick={() =>
              leave.mutateAsync().then(() => toast({ title: t`You left the waiting list` }), noop)
            }
          >
            <Trans>Leave</Trans>
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setLeaving(false)}>
            <Trans>Stay in line</Trans>
          </Button>
        </div>
      ) : (
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => setLeaving(true)}>
          <Trans>Leave the waiting list</Trans>
        </Button>
      )}
    </div>
  );
}
