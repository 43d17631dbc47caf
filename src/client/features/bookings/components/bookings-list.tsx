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
  const other = otherParty(b);
  const deadline = deadlineText(b);
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
                {b.role === 'grower' ? 'Host' : 'Grower'}: {other.name}
              </p>
            </div>
            <Badge className={STATUS_CLASSES[b.status]}>{STATUS_LABELS[b.status]}</Badge>
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
              {formatDates(b)}
            </span>
            <span className="font-medium">
              {termsText(b)}
              {b.months && b.type !== 'exchange' ? ` · ${monthsText(b.months)}` : ''}
            </span>
          </p>
          {deadline ? <p className="text-sm text-amber-900">{deadline}</p> : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <BookingActions booking={b} show={NEXT_STEPS} size="sm" />
            <Button asChild variant="ghost" size="sm" className="ml-auto px-2">
              <Link to={`/bookings/${b.id}`} aria-label={`Details of the booking for ${b.listingTitle}`}>
                Details <ChevronRight aria-hidden="true" />
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

const count = (items: Booking[]) => (items.length ? ` (${items.length})` : '');

// Both sides of the user's bookings, a tab each; ?as=host opens the host's side.
export function BookingsOverview() {
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
  return (
    <Tabs value={tab} onValueChange={(v) => setParams({ as: v }, { replace: true })}>
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="grower">As grower{count(data.asGrower)}</TabsTrigger>
        <TabsTrigger value="host">As host{count(data.asHost)}</TabsTrigger>
      </TabsList>
      <TabsContent value="grower">
        <List
          items={data.asGrower}
          empty={
            <>
              <p className="font-medium">No bookings yet</p>
              <p className="text-sm text-muted-foreground">
                Find a plot to rent, a garden to share work in or a community garden to join.
              </p>
              <Button asChild variant="outline">
                <Link to="/listings">Browse Listings</Link>
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
              <p className="font-medium">No one has booked your spaces yet</p>
              <p className="text-sm text-muted-foreground">
                Requests and bookings for the spaces you list show up here.
              </p>
              <Button asChild variant="outline">
                <Link to="/create-listing">List Your Space</Link>
              </Button>
            </>
          }
        />
      </TabsContent>
    </Tabs>
  );
}
