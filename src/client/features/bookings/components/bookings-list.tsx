import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, ChevronRight, Sprout } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { LoadError, SectionSpinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import type { Booking } from '#shared/bookings.ts';
import { useBookings } from '../api/bookings.ts';
import { BookingActions } from './booking-actions.tsx';
import {
  deadlineText,
  formatDates,
  monthsText,
  NEXT_STEPS,
  otherParty,
  STATUS_CLASSES,
  STATUS_LABELS,
  termsText,
} from './booking-format.ts';

function BookingListCard({ b }: { b: Booking }) {
  const { t, i18n } = useLingui();
  const other = otherParty(b);
  const name = other.name;
  const title = b.listingTitle;
  const deadline = deadlineText(b, i18n);
  return (
    <li>
      <Card data-testid={`booking-${b.id}`}>
        <CardContent className="space-y-3 p-4 sm:p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link
                to={`/bookings/${b.id}`}
                className="font-semibold leading-snug break-words hover:underline"
              >
                {b.listingTitle}
              </Link>
              <p className="text-sm text-muted-foreground">
                {b.role === 'grower' ? <Trans>Host: {name}</Trans> : <Trans>Grower: {name}</Trans>}
              </p>
            </div>
            <Badge className={STATUS_CLASSES[b.status]}>{i18n._(STATUS_LABELS[b.status])}</Badge>
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
              {formatDates(b, i18n)}
            </span>
            <span className="font-medium">
              {termsText(b, i18n)}
              {b.months && b.type !== 'exchange' ? ` · ${monthsText(b.months, i18n)}` : null}
            </span>
          </p>
          {deadline ? <p className="text-sm text-amber-900">{deadline}</p> : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <BookingActions booking={b} show={NEXT_STEPS} size="sm" />
            <Button asChild variant="ghost" size="sm" className="ml-auto px-2">
              <Link to={`/bookings/${b.id}`} aria-label={t`Details of the booking for ${title}`}>
                <Trans>Details</Trans> <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function List({ items, empty }: { items: Booking[]; empty: React.ReactNode }) {
  if (!items.length)
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <Sprout aria-hidden="true" className="h-10 w-10 text-primary/70" />
          {empty}
        </CardContent>
      </Card>
    );
  return (
    <ul className="space-y-3">
      {items.map((b) => (
        <BookingListCard key={b.id} b={b} />
      ))}
    </ul>
  );
}

// Both sides of the user's bookings, a tab each; ?as=host opens the host's side.
export function BookingsOverview() {
  const { t } = useLingui();
  const { data, isLoading, error } = useBookings();
  const [params, setParams] = useSearchParams();
  if (isLoading) return <SectionSpinner />;
  if (error || !data) return <LoadError what="bookings" />;
  const tab =
    params.get('as') === 'host' || params.get('as') === 'grower'
      ? (params.get('as') as string)
      : !data.asGrower.length && data.asHost.length
        ? 'host'
        : 'grower';
  const growerCount = data.asGrower.length;
  const hostCount = data.asHost.length;
  return (
    <Tabs value={tab} onValueChange={(v) => setParams({ as: v }, { replace: true })}>
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="grower">{growerCount ? t`As grower (${growerCount})` : t`As grower`}</TabsTrigger>
        <TabsTrigger value="host">{hostCount ? t`As host (${hostCount})` : t`As host`}</TabsTrigger>
      </TabsList>
      <TabsContent value="grower">
        <List
          items={data.asGrower}
          empty={
            <>
              <p className="font-medium">
                <Trans>No bookings yet</Trans>
              </p>
              <p className="text-sm text-muted-foreground">
                <Trans>Find a plot to rent, a garden to share work in or a community garden to join.</Trans>
              </p>
              <Button asChild variant="outline">
                <Link to="/listings">
                  <Trans>Browse Listings</Trans>
                </Link>
              </Button>
            </>
          }
        />
      </TabsContent>
      <TabsContent value="host">
        <List
          items={data.asHost}
          empty={
            <>
              <p className="font-medium">
                <Trans>No one has booked your spaces yet</Trans>
              </p>
              <p className="text-sm text-muted-foreground">
                <Trans>Requests and bookings for the spaces you list show up here.</Trans>
              </p>
              <Button asChild variant="outline">
                <Link to="/create-listing">
                  <Trans>List Your Space</Trans>
                </Link>
              </Button>
            </>
          }
        />
      </TabsContent>
    </Tabs>
  );
}
