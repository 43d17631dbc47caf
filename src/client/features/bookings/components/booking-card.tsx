import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthPath } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';
import type { BookingStatus } from '#shared/booking-rules.ts';
import type { ListingDetail } from '#shared/listings.ts';
import { bookingsQuery } from '../api/bookings.ts';
import { BookingForm } from './booking-form.tsx';
import { formatDates, STATUS_CLASSES, STATUS_LABELS } from './booking-format.ts';
import type { WhenFull } from './no-plot-free.ts';

export type BookableListing = Pick<
  ListingDetail,
  | 'id'
  | 'userId'
  | 'type'
  | 'price'
  | 'workHours'
  | 'bookingMode'
  | 'cancellationPolicy'
  | 'seasonStart'
  | 'seasonEnd'
  | 'agreement'
  | 'title'
  | 'city'
  | 'state'
  | 'size'
  | 'plots'
>;

const OPEN: readonly BookingStatus[] = ['requested', 'accepted', 'paid', 'active'];

// The booking part of the listing's side card: a sign-in prompt when signed out, nothing for the
// owner, the grower's open booking when there is one, else the form for this kind of listing
// (with `whenFull` under it when no plot is free: the listing page's waiting list, ADR 049).
export function BookingCard({ listing, whenFull }: { listing: BookableListing; whenFull?: WhenFull }) {
  const { user, isLoading } = useUser();
  if (isLoading) return null;
  if (!user) return <SignInPrompt type={listing.type} />;
  if (user.id === listing.userId) return null;
  return <SignedInCard listing={listing} whenFull={whenFull} />;
}

function SignInPrompt({ type }: { type: BookableListing['type'] }) {
  const signInPath = useAuthPath();
  const rental = type === 'rental';
  return (
    <div className="space-y-3 rounded-lg bg-muted/60 p-4 text-sm">
      <p>
        <span className="font-medium">
          {rental ? <Trans>Sign in to book this space.</Trans> : <Trans>Sign in to join.</Trans>}
        </span>{' '}
        <span className="text-muted-foreground">
          <Trans>Accounts are free; you can see which months have a free plot once signed in.</Trans>
        </span>
      </p>
      <Button asChild className="h-auto min-h-10 w-full whitespace-normal text-center">
        <Link to={signInPath}>
          {rental ? <Trans>Sign in to book</Trans> : <Trans>Sign in to join</Trans>}
        </Link>
      </Button>
    </div>
  );
}

function SignedInCard({ listing, whenFull }: { listing: BookableListing; whenFull?: WhenFull }) {
  const { i18n } = useLingui();
  const { data } = useQuery(bookingsQuery);
  const open = data?.asGrower.find((b) => b.listingId === listing.id && OPEN.includes(b.status));
  // An instant rental still awaiting payment does not block the form: the spec's pay button takes
  // it over (same terms) or replaces it (other terms).
  const unpaid = open?.status === 'accepted' && open.type === 'rental' && open.instant;
  if (open && !unpaid)
    return (
      <div className="space-y-3 rounded-lg bg-accent/60 p-4 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">
            <Trans>You have a booking here</Trans>
          </span>
          <Badge className={STATUS_CLASSES[open.status]}>{i18n._(STATUS_LABELS[open.status])}</Badge>
        </p>
        <Button asChild variant="outline" className="h-auto min-h-10 w-full whitespace-normal text-center">
          <Link to={`/bookings/${open.id}`}>
            <Trans>View your booking</Trans>
          </Link>
        </Button>
      </div>
    );
  const dates = open ? formatDates(open, i18n) : '';
  const openId = open?.id;
  // One wrapper either way, so the form keeps its state when the note appears.
  return (
    <div className="space-y-4">
      {open ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <Trans>
            You have an unpaid booking here ({dates}).{' '}
            <Link to={`/bookings/${openId}`} className="font-medium underline underline-offset-4">
              Pay or cancel it
            </Link>
          </Trans>
        </p>
      ) : null}
      <BookingForm listing={listing} whenFull={whenFull} />
    </div>
  );
}
