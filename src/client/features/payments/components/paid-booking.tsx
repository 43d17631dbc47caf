import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { formatDateTime, formatMoney, intlLocale } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import type { PaymentView } from '#shared/payments.ts';
import { paymentsQuery } from '../api/payments.ts';
import { STATUS_CLASSES, STATUS_LABELS } from './payment-format.ts';

// While the payment is pending the page asks again every 3 s, at most 40 times (2 minutes).
const POLL_MS = 3_000;
const POLL_MAX = 40;

// A rental start is a calendar day (UTC midnight): shown as that day in every time zone.
const startDay = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' });

function When({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  return <time dateTime={iso}>{formatDateTime(iso, i18n.locale)}</time>;
}

// Where the money is: only what the server reports (status, payout state, releaseAt).
function MoneyState({ p }: { p: PaymentView }) {
  if (p.status === 'completed') {
    return (
      <>
        <p className="font-medium" data-testid="confirmed">
          <Trans>Confirmed: your payment is complete.</Trans>
        </p>
        {p.payout === 'held' && p.releaseAt ? (
          <p className="text-muted-foreground" data-testid="held">
            <Trans>
              Held by Yardshare until <When iso={p.releaseAt} />. The host is paid only after that.
            </Trans>
          </p>
        ) : null}
        {p.payout === 'released' && p.releasedAt ? (
          <p className="text-muted-foreground">
            <Trans>
              Released by Yardshare on <When iso={p.releasedAt} /> for the host's payout.
            </Trans>
          </p>
        ) : null}
      </>
    );
  }
  if (p.status === 'pending')
    return (
      <p className="text-muted-foreground">
        <Trans>
          Waiting for the blockchain to confirm it. This page checks again by itself for a few minutes.
        </Trans>
      </p>
    );
  if (p.status === 'failed')
    return (
      <p className="text-muted-foreground">
        <Trans>This payment did not go through. You can pay again from the booking.</Trans>
      </p>
    );
  return null;
}

// The booking the signed-in grower just paid for, found in their own payments; nothing otherwise.
export function PaidBooking({ bookingId }: { bookingId: number }) {
  const { i18n } = useLingui();
  const { data, isFetching, refetch } = useQuery({
    ...paymentsQuery,
    refetchInterval: (q) => {
      const p = q.state.data?.asRenter.find((x) => x.bookingId === bookingId);
      return p?.status === 'pending' && q.state.dataUpdateCount < POLL_MAX ? POLL_MS : false;
    },
  });
  // The list is newest first: the booking's latest charge.
  const p = data?.asRenter.find((x) => x.bookingId === bookingId);
  if (!p) return null;
  const status = i18n._(STATUS_LABELS[p.status]);
  const total = formatMoney(p.total, i18n.locale);
  const start = p.rentalStart ? startDay(p.rentalStart, i18n.locale) : null;
  return (
    <section
      className="w-full space-y-2 rounded-lg border border-border bg-muted/50 p-4 text-left text-sm"
      aria-live="polite"
      data-testid="paid-booking"
    >
      <p className="text-muted-foreground">
        <Trans>Booking #{bookingId}</Trans>
      </p>
      <p className="font-medium break-words">
        {p.listingTitle} · {total}
      </p>
      {start ? (
        <p className="text-muted-foreground">
          <Trans>Starts {start}</Trans>
        </p>
      ) : null}
      <Badge className={cn(STATUS_CLASSES[p.status])}>
        <Trans>Status: {status}</Trans>
      </Badge>
      <MoneyState p={p} />
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <Button asChild size="sm" variant="secondary">
          <Link to={`/bookings/${bookingId}`}>
            <Trans>View booking</Trans>
          </Link>
        </Button>
        {p.status === 'pending' ? (
          <Button variant="ghost" size="sm" className="px-2" onClick={() => refetch()} disabled={isFetching}>
            <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
            <Trans>Check again</Trans>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
