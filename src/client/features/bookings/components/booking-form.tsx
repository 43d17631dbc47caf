import { Bitcoin, CalendarCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Input, Label, Textarea } from '#client/components/ui/input.tsx';
import { toast } from '#client/lib/toast-store.ts';
import {
  BOOKING_MONTHS_MAX,
  BOOKING_NOTE_MAX,
  REQUEST_TTL_HOURS,
  rentalTerms,
  todayUtc,
} from '#shared/booking-rules.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { centsToDecimal, formatUsd, monthlyPriceToCents } from '#shared/money.ts';
import { useBookAndPay, useCreateBooking, useSpecPayment } from '../api/bookings.ts';
import type { BookableListing } from './booking-card.tsx';
import { FREE_POLICY, MONTH_NAMES, monthsText, RENTAL_POLICY } from './booking-format.ts';
import { MonthStrip } from './month-strip.tsx';

const noop = () => {};
const MONTH_COUNTS = Array.from({ length: BOOKING_MONTHS_MAX }, (_, i) => i + 1);
const selectClass =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base md:text-sm focus-visible:outline-2 focus-visible:outline-ring';

function seasonText(l: BookableListing): string | null {
  if (!l.seasonStart || !l.seasonEnd) return null;
  return `Season: ${MONTH_NAMES[l.seasonStart - 1]} to ${MONTH_NAMES[l.seasonEnd - 1]}`;
}

// The booking form for a signed-in grower: dates, months, the total and the policy, and the button.
export function BookingForm({ listing }: { listing: BookableListing }) {
  const id = useId();
  const navigate = useNavigate();
  const isRental = listing.type === 'rental';
  const instant = listing.type !== 'exchange' && listing.bookingMode === 'instant';
  const [start, setStart] = useState('');
  const [months, setMonths] = useState(listing.type === 'community' ? '' : '1');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState('');
  const create = useCreateBooking(listing.id);
  const bookAndPay = useBookAndPay(listing.id);
  const specPay = useSpecPayment();

  const n = months ? Number(months) : null;
  const priced = isRental && listing.price !== null && listing.price > 0;
  const terms = priced ? rentalTerms(listing.price!, n ?? 1) : null;
  // One month of an instant rental goes through the spec's pay button, unchanged.
  const spec = isRental && instant && n === 1;
  const paying = isRental && instant;
  // Between a checkout URL and the page unloading, the button keeps saying Processing...
  const busy =
    create.isPending ||
    bookAndPay.isPending ||
    specPay.isPending ||
    (specPay.isSuccess && !!specPay.data?.hostedUrl) ||
    (bookAndPay.isSuccess && !!bookAndPay.data?.hostedUrl);

  if (isRental && !priced)
    return <p className="text-sm text-muted-foreground">This rental has no price yet: contact the host.</p>;

  const pickMonth = (month: string) => {
    const first = `${month}-01`;
    setStart(first < todayUtc() ? todayUtc() : first);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (listing.type === 'exchange' && !note.trim()) {
      setNoteError('Tell the host about your skills');
      return;
    }
    if (spec) {
      specPay.mutate({
        listingId: listing.id,
        amount: monthlyPriceToCents(listing.price!),
        ...(start ? { rentalStart: start } : {}),
      });
      return;
    }
    const input = {
      listingId: listing.id,
      start: start || todayUtc(),
      months: n,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    // Awaited rather than mutate callbacks: the refreshed list swaps this form for the booking's
    // link, and callbacks of an unmounted observer never run. Errors are toasted by the hooks.
    if (paying) {
      bookAndPay.mutateAsync(input).then(({ booking, hostedUrl }) => {
        if (!hostedUrl) navigate(`/bookings/${booking.id}`);
      }, noop);
      return;
    }
    create.mutateAsync(input).then((b) => {
      toast({
        title: b.status === 'requested' ? 'Request sent' : 'You joined this garden',
        description:
          b.status === 'requested'
            ? `The host has ${REQUEST_TTL_HOURS} hours to answer.`
            : 'Welcome! The host can see you in their bookings.',
      });
      navigate(`/bookings/${b.id}`);
    }, noop);
  }

  const label = spec
    ? `Pay with Crypto ($${centsToDecimal(monthlyPriceToCents(listing.price!))} + ${PLATFORM_FEE_PERCENT}% fee)`
    : paying
      ? `Book and pay ${formatUsd(terms!.total)}`
      : isRental
        ? 'Request to book'
        : listing.type === 'exchange'
          ? 'Request to join'
          : 'Join this garden';
  const modeText = instant
    ? isRental
      ? 'Instant book: the plot is yours once you pay.'
      : 'Instant: you join at once.'
    : `The host has ${REQUEST_TTL_HOURS} hours to answer${isRental ? '; you pay only once they accept' : ''}.`;
  const season = seasonText(listing);

  return (
    <form className="space-y-4" onSubmit={submit} noValidate aria-label="Book this space">
      <MonthStrip listingId={listing.id} onPick={pickMonth} />
      {season ? <p className="text-xs text-muted-foreground">{season}</p> : null}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={`${id}-start`}>
            {isRental ? 'Rental start date (optional)' : 'Start date (optional)'}
          </Label>
          <Input
            id={`${id}-start`}
            type="date"
            min={todayUtc()}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            aria-describedby={`${id}-start-hint`}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-months`}>Months</Label>
          <select
            id={`${id}-months`}
            className={selectClass}
            value={months}
            onChange={(e) => setMonths(e.target.value)}
          >
            {listing.type === 'community' ? <option value="">Open-ended</option> : null}
            {MONTH_COUNTS.map((m) => (
              <option key={m} value={String(m)}>
                {monthsText(m)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-start-hint`} className="-mt-2 text-xs text-muted-foreground">
        {isRental
          ? 'Empty starts today. Your payment is held until 24 hours after the rental starts.'
          : 'Empty starts today.'}
      </p>
      {terms ? (
        <dl className="space-y-1 rounded-lg bg-muted/60 p-3 text-sm" aria-label="Price">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">
              {formatUsd(terms.pricePerMonth)} × {monthsText(n ?? 1)}
            </dt>
            <dd>{formatUsd(terms.amount)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Service fee ({PLATFORM_FEE_PERCENT}%)</dt>
            <dd>{formatUsd(terms.fee)}</dd>
          </div>
          <div className="flex justify-between gap-2 border-t border-border pt-1 font-semibold">
            <dt>Total</dt>
            <dd data-testid="booking-total">{formatUsd(terms.total)}</dd>
          </div>
        </dl>
      ) : null}
      {listing.type === 'exchange' && listing.workHours ? (
        <p className="rounded-lg bg-muted/60 p-3 text-sm">
          You commit to <span className="font-semibold">{listing.workHours} hrs per week</span>
          {n ? ` for ${monthsText(n)}` : ''}, logged and confirmed in the app.
        </p>
      ) : null}
      {!instant ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-note`}>
            {listing.type === 'exchange' ? 'Your skills and experience' : 'Message to the host (optional)'}
          </Label>
          <Textarea
            id={`${id}-note`}
            rows={3}
            maxLength={BOOKING_NOTE_MAX}
            className="min-h-20"
            placeholder={
              listing.type === 'exchange'
                ? 'What you can help with: weeding, watering, building beds...'
                : 'A few words about what you would like to grow'
            }
            value={note}
            aria-invalid={!!noteError}
            aria-describedby={noteError ? `${id}-note-error` : undefined}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError('');
            }}
          />
          {noteError ? (
            <p id={`${id}-note-error`} role="alert" className="text-sm text-destructive">
              {noteError}
            </p>
          ) : null}
        </div>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="h-auto min-h-12 w-full whitespace-normal px-3 py-2 text-center text-sm sm:text-base"
        disabled={busy}
      >
        {spec ? <Bitcoin aria-hidden="true" /> : <CalendarCheck aria-hidden="true" />}
        {busy ? 'Processing...' : label}
      </Button>
      <div className="space-y-1 text-xs text-muted-foreground">
        <p>{modeText}</p>
        <p>{isRental ? RENTAL_POLICY : FREE_POLICY}</p>
      </div>
    </form>
  );
}
