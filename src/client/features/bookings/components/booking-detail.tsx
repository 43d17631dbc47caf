import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import type { BookingDetail as Detail } from '#shared/bookings.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { TYPE_LABELS } from '#shared/listing-text.ts';
import { formatUsd } from '#shared/money.ts';
import { bookingQuery } from '../api/bookings.ts';
import { BookingActions } from './booking-actions.tsx';
import {
  deadlineText,
  eventText,
  FREE_POLICY,
  formatDates,
  formatDateTime,
  monthsText,
  NEXT_STEPS,
  otherParty,
  paymentText,
  RENTAL_POLICY,
  STATUS_CLASSES,
  STATUS_LABELS,
} from './booking-format.ts';
import { HoursLedger } from './hours-ledger.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function Summary({ b }: { b: Detail }) {
  return (
    <dl className="divide-y divide-border text-sm">
      <Row label="Dates">{formatDates(b)}</Row>
      {b.type === 'rental' && b.pricePerMonth !== null && b.amount !== null && b.fee !== null ? (
        <>
          <Row label="Rent">
            {formatUsd(b.pricePerMonth)} × {monthsText(b.months ?? 1)} = {formatUsd(b.amount)}
          </Row>
          <Row label={`Service fee (${PLATFORM_FEE_PERCENT}%)`}>{formatUsd(b.fee)}</Row>
          <Row label="Total">{formatUsd(b.total ?? 0)}</Row>
        </>
      ) : null}
      {b.type === 'exchange' ? (
        <>
          <Row label="Length">{b.months ? monthsText(b.months) : 'Open-ended'}</Row>
          <Row label="Work">{b.hoursPerWeek ?? 0} hrs per week</Row>
        </>
      ) : null}
      {b.type === 'community' ? <Row label="Cost">Free</Row> : null}
      <Row label="Booking">{b.instant ? 'Instant book' : 'Request, answered by the host'}</Row>
    </dl>
  );
}

function Timeline({ b }: { b: Detail }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-border pl-5">
      {b.events.map((e) => (
        <li key={e.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[27px] top-1.5 h-3 w-3 rounded-full border-2 border-card bg-primary"
          />
          <p className="text-sm font-medium">{eventText(e, b)}</p>
          {e.note && e.action !== 'refund' ? (
            <p className="mt-0.5 text-sm break-words whitespace-pre-line text-muted-foreground">“{e.note}”</p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

// One booking as its grower or host sees it: terms, what they may do now, payment, hours, history.
// `reviews` is the page's slot for another feature's section, shown under the next steps.
export function BookingDetailView({ id, reviews }: { id: string; reviews?: (b: Detail) => React.ReactNode }) {
  const valid = /^\d+$/.test(id);
  const {
    data: b,
    isLoading,
    error,
  } = useQuery({
    ...bookingQuery(id),
    enabled: valid,
    refetchOnMount: 'always',
  });
  if (valid && isLoading) return <CenteredSpinner />;
  if (!valid || error || !b)
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Booking not found</h1>
        <p className="mt-3 text-muted-foreground">This booking does not exist or is not yours to see.</p>
        <Button asChild className="mt-8">
          <Link to="/bookings">Back to your bookings</Link>
        </Button>
      </section>
    );

  const other = otherParty(b);
  const deadline = deadlineText(b);
  const payment = paymentText(b);
  const hasNext = b.actions.some((a) => (NEXT_STEPS as readonly string[]).includes(a));
  const showHours =
    b.type === 'exchange' && !['requested', 'declined', 'withdrawn', 'expired'].includes(b.status);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 md:py-10">
      <Link
        to={`/bookings?as=${b.role}`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All bookings
      </Link>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className={STATUS_CLASSES[b.status]} data-testid="booking-status">
            {STATUS_LABELS[b.status]}
          </Badge>
          <span className="text-sm text-muted-foreground">
            {TYPE_LABELS[b.type]} · you are the {b.role}
          </span>
        </div>
        <h1 className="text-2xl font-bold leading-tight break-words md:text-3xl">
          <Link to={`/listings/${b.listingId}`} className="hover:underline">
            {b.listingTitle}
          </Link>
        </h1>
      </header>

      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="min-w-0 space-y-6">
          {hasNext || deadline ? (
            <Card className="border-primary/30 bg-accent/40">
              <CardContent className="space-y-3 p-4 sm:p-5">
                {deadline ? <p className="text-sm font-medium">{deadline}</p> : null}
                <BookingActions booking={b} show={NEXT_STEPS} />
              </CardContent>
            </Card>
          ) : null}
          {reviews?.(b)}
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-lg">Booking details</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <Summary b={b} />
              {b.note ? (
                <div className="rounded-lg bg-muted/60 p-3 text-sm">
                  <p className="text-xs font-medium text-muted-foreground">
                    {b.role === 'grower' ? 'Your note to the host' : `${b.grower.name} wrote`}
                  </p>
                  <p className="mt-1 break-words whitespace-pre-line">{b.note}</p>
                </div>
              ) : null}
              {payment ? (
                <p className="text-sm" data-testid="booking-payment">
                  <span className="font-medium">Payment:</span> {payment}
                </p>
              ) : null}
              <p className="text-xs text-muted-foreground">
                {b.type === 'rental' ? RENTAL_POLICY : FREE_POLICY}
              </p>
              <BookingActions booking={b} show={['cancel']} size="sm" />
            </CardContent>
          </Card>
          {showHours ? <HoursLedger booking={b} /> : null}
        </div>

        <div className="space-y-6">
          <Card>
            <CardContent className="space-y-3 p-4">
              <div className="flex items-center gap-3">
                <UserAvatar user={{ name: other.name, username: other.name, avatar: other.avatar }} />
                <div className="min-w-0">
                  <p className="text-xs text-muted-foreground">{b.role === 'grower' ? 'Host' : 'Grower'}</p>
                  <p className="font-medium break-words">{other.name}</p>
                </div>
              </div>
              <Button asChild variant="outline" className="w-full">
                <Link to={`/messages/${other.id}?booking=${b.id}`}>
                  <MessageSquare aria-hidden="true" /> Message {other.name.split(' ')[0]}
                </Link>
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-lg">Timeline</CardTitle>
            </CardHeader>
            <CardContent>
              <Timeline b={b} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
