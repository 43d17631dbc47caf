import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarPlus, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { policyText } from '#client/lib/cancellation-text.ts';
import { formatMoney } from '#client/lib/format.ts';
import type { BookingDetail as Detail } from '#shared/bookings.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { bookingQuery } from '../api/bookings.ts';
import { BookingActions } from './booking-actions.tsx';
import { BookingAgreement } from './booking-agreement.tsx';
import {
  deadlineText,
  eventText,
  formatDates,
  formatDateTime,
  freePolicy,
  hoursPerWeekText,
  monthsText,
  NEXT_STEPS,
  otherParty,
  paymentText,
  STATUS_CLASSES,
  STATUS_LABELS,
  TYPE_LABELS,
} from './booking-format.ts';
import { EndEarly } from './end-early-form.tsx';
import { HoursLedger } from './hours-ledger.tsx';
import { RentMonths } from './rent-months.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function Summary({ b }: { b: Detail }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const fee = PLATFORM_FEE_PERCENT;
  return (
    <dl className="divide-y divide-border text-sm">
      <Row label={t`Dates`}>{formatDates(b, i18n)}</Row>
      {b.type === 'rental' && b.pricePerMonth !== null && b.amount !== null && b.fee !== null ? (
        <>
          <Row label={t`Rent`}>
            {formatMoney(b.pricePerMonth, locale)} × {monthsText(b.months ?? 1, i18n)} ={' '}
            {formatMoney(b.amount, locale)}
          </Row>
          <Row label={t`Service fee (${fee}%)`}>{formatMoney(b.fee, locale)}</Row>
          <Row label={t`Total`}>{formatMoney(b.total ?? 0, locale)}</Row>
        </>
      ) : null}
      {b.type === 'exchange' ? (
        <>
          <Row label={t`Length`}>{b.months ? monthsText(b.months, i18n) : t`Open-ended`}</Row>
          <Row label={t`Work`}>{hoursPerWeekText(b.hoursPerWeek ?? 0, i18n)}</Row>
        </>
      ) : null}
      {b.type === 'community' ? (
        <Row label={t`Cost`}>
          <Trans>Free</Trans>
        </Row>
      ) : null}
      <Row label={t`Booking`}>{b.instant ? t`Instant book` : t`Request, answered by the host`}</Row>
    </dl>
  );
}

function Timeline({ b }: { b: Detail }) {
  const { i18n } = useLingui();
  return (
    <ol className="relative space-y-4 border-l-2 border-border pl-5">
      {b.events.map((e) => (
        <li key={e.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[27px] top-1.5 h-3 w-3 rounded-full border-2 border-card bg-primary"
          />
          <p className="text-sm font-medium">{eventText(e, b, i18n)}</p>
          {e.note && !['refund', 'rent-paid', 'rent-lapsed'].includes(e.action) ? (
            <p className="mt-0.5 text-sm break-words whitespace-pre-line text-muted-foreground">“{e.note}”</p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, i18n.locale)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

// One booking as its grower or host sees it: terms, what they may do now, payment, hours, history.
// `reviews` is the page's slot for another feature's section, shown under the next steps.
export function BookingDetailView({ id, reviews }: { id: string; reviews?: (b: Detail) => React.ReactNode }) {
  const { i18n } = useLingui();
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
        <h1 className="text-2xl font-bold">
          <Trans>Booking not found</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>This booking does not exist or is not yours to see.</Trans>
        </p>
        <Button asChild className="mt-8">
          <Link to="/bookings">
            <Trans>Back to your bookings</Trans>
          </Link>
        </Button>
      </section>
    );

  const other = otherParty(b);
  const deadline = deadlineText(b, i18n);
  const payment = paymentText(b, i18n);
  const otherFirst = other.name.split(' ')[0];
  const growerName = b.grower.name;
  const hasNext = b.actions.some((a) => (NEXT_STEPS as readonly string[]).includes(a));
  const showHours =
    b.type === 'exchange' && !['requested', 'declined', 'withdrawn', 'expired'].includes(b.status);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 md:py-10">
      <Link
        to={`/bookings?as=${b.role}`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> <Trans>All bookings</Trans>
      </Link>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className={STATUS_CLASSES[b.status]} data-testid="booking-status">
            {i18n._(STATUS_LABELS[b.status])}
          </Badge>
          <span className="text-sm text-muted-foreground">
            {i18n._(TYPE_LABELS[b.type])} ·{' '}
            {b.role === 'grower' ? <Trans>you are the grower</Trans> : <Trans>you are the host</Trans>}
          </span>
        </div>
        <h1 className="text-2xl font-bold leading-tight break-words md:text-3xl">
          <Link to={`/listings/${b.listingId}`} className="hover:underline">
            {b.listingTitle}
          </Link>
        </h1>
        {/* The booking's days as an iCalendar file for the phone's calendar (ADR 048). */}
        <a
          href={`/api/bookings/${b.id}/calendar.ics`}
          download
          className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
        >
          <CalendarPlus aria-hidden="true" className="h-4 w-4" /> <Trans>Add to calendar</Trans>
        </a>
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
              <CardTitle className="text-lg">
                <Trans>Booking details</Trans>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <Summary b={b} />
              {b.note ? (
                <div className="rounded-lg bg-muted/60 p-3 text-sm">
                  <p className="text-xs font-medium text-muted-foreground">
                    {b.role === 'grower' ? (
                      <Trans>Your note to the host</Trans>
                    ) : (
                      <Trans>{growerName} wrote</Trans>
                    )}
                  </p>
                  <p className="mt-1 break-words whitespace-pre-line">{b.note}</p>
                </div>
              ) : null}
              {payment ? (
                <p className="text-sm" data-testid="booking-payment">
                  <span className="font-medium">
                    <Trans>Payment:</Trans>
                  </span>{' '}
                  {payment}
                </p>
              ) : null}
              <RentMonths booking={b} />
              <p className="text-xs text-muted-foreground">
                {b.type === 'rental' ? policyText(b.cancellationPolicy, i18n) : freePolicy(i18n)}
              </p>
              <BookingActions booking={b} show={['cancel']} size="sm" />
              <EndEarly booking={b} />
            </CardContent>
          </Card>
          {showHours ? <HoursLedger booking={b} /> : null}
          <BookingAgreement booking={b} />
        </div>

        <div className="space-y-6">
          <Card>
            <CardContent className="space-y-3 p-4">
              <div className="flex items-center gap-3">
                <UserAvatar user={{ name: other.name, username: other.name, avatar: other.avatar }} />
                <div className="min-w-0">
                  <p className="text-xs text-muted-foreground">
                    {b.role === 'grower' ? <Trans>Host</Trans> : <Trans>Grower</Trans>}
                  </p>
                  <p className="font-medium break-words">{other.name}</p>
                </div>
              </div>
              <Button asChild variant="outline" className="w-full">
                <Link to={`/messages/${other.id}?booking=${b.id}`}>
                  <MessageSquare aria-hidden="true" /> <Trans>Message {otherFirst}</Trans>
                </Link>
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-lg">
                <Trans>Timeline</Trans>
              </CardTitle>
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
