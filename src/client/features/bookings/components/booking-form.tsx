import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Bitcoin, CalendarCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useHref, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Input, Label, Textarea } from '#client/components/ui/input.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { policyText } from '#client/lib/cancellation-text.ts';
import { useEarlyValue } from '#client/lib/early-values.ts';
import { formatMoney, monthName, utcDay } from '#client/lib/format.ts';
import { useHydrated } from '#client/lib/hydrated.ts';
import { useHoldText } from '#client/lib/payment-terms.ts';
import { toast } from '#client/lib/toast-store.ts';
import { BOOKING_MONTHS_MAX, BOOKING_NOTE_MAX, REQUEST_TTL_HOURS, todayUtc } from '#shared/booking-rules.ts';
import { firstFreeDay } from '#shared/first-free-day.ts';
import type { PaymentPlan } from '#shared/rent.ts';
import { useBookAndPay, useCreateBooking, useSpecPayment } from '../api/booking-mutations.ts';
import { availabilityQuery } from '../api/bookings.ts';
import { useStayQuotes } from '../api/quote.ts';
import { AgreementPreview } from './agreement-preview.tsx';
import type { BookableListing } from './booking-card.tsx';
import { freePolicy, monthsText } from './booking-format.ts';
import { MonthStrip } from './month-strip.tsx';
import { useNoPlotFree, type WhenFull } from './no-plot-free.ts';
import { PaymentPlanChoice } from './payment-plan-choice.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';

const MONTH_COUNTS = Array.from({ length: BOOKING_MONTHS_MAX }, (_, i) => i + 1);
const selectClass =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base md:text-sm focus-visible:outline-2 focus-visible:outline-ring';

function seasonText(l: BookableListing, i18n: I18n): string | null {
  if (!l.seasonStart || !l.seasonEnd) return null;
  const from = monthName(l.seasonStart, i18n.locale);
  const to = monthName(l.seasonEnd, i18n.locale);
  return i18n._(msg`Season: ${from} to ${to}`);
}

// The booking form for a signed-in grower: dates, months, the total and the policy, and the button;
// `whenFull` shows under it when no plot is free (the listing page's waiting list).
export function BookingForm({ listing, whenFull }: { listing: BookableListing; whenFull?: WhenFull }) {
  // The configured hold (ADR 045); the hint leaves it out until it is known.
  const hold = useHoldText();
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const id = useId();
  const navigate = useNavigate();
  const isRental = listing.type === 'rental';
  const instant = listing.type !== 'exchange' && listing.bookingMode === 'instant';
  const [start, setStart] = useState('');
  const [months, setMonths] = useState(listing.type === 'community' ? '' : '1');
  const [note, setNote] = useState('');
  const [plan, setPlan] = useState<PaymentPlan>('whole');
  const [noteError, setNoteError] = useState('');
  // Dates, months and a note chosen while the page was loading are kept (ADR 058).
  useEarlyValue(`${id}-start`, setStart);
  useEarlyValue(`${id}-months`, setMonths);
  useEarlyValue(`${id}-note`, setNote);
  const create = useCreateBooking(listing.id);
  const bookAndPay = useBookAndPay(listing.id);
  const specPay = useSpecPayment();
  const hydrated = useHydrated();
  // Where the form posts before the script (ADR 058): the listing's own address.
  const action = useHref(`/listings/${listing.id}`);
  // An empty start is the first day a plot is free (today when one is), as the server reads it.
  const availability = useQuery(availabilityQuery(listing.id)).data;
  const firstFree = availability ? firstFreeDay(availability, todayUtc()) : null;
  const startDay = start || firstFree || todayUtc();

  const n = months ? Number(months) : null;
  const noPlot = useNoPlotFree(listing.id, { start: startDay, months: n });
  const hours = REQUEST_TTL_HOURS;
  const priced = isRental && listing.price !== null && listing.price > 0;
  // One month of an instant rental goes through the spec's pay button, unchanged.
  const spec = isRental && instant && n === 1;
  const paying = isRental && instant;
  // Two months or more may be paid month by month (ADR 040): then the first month is due now.
  const several = isRental && (n ?? 1) >= 2;
  const monthly = several && plan === 'monthly';
  // Every amount on this card is the server's quote for these dates (ADR 045); the choice of plan
  // shows both plans' first charge.
  const { wholeQuote, monthlyQuote, quote, quoteError } = useStayQuotes(listing.id, {
    start,
    months: n,
    priced,
    several,
    monthly,
  });
  // Between a checkout URL and the page unloading, the button keeps saying Processing...
  const busy =
    create.isPending ||
    bookAndPay.isPending ||
    specPay.isPending ||
    (specPay.isSuccess && !!specPay.data?.hostedUrl) ||
    (bookAndPay.isSuccess && !!bookAndPay.data?.hostedUrl);

  if (isRental && !priced)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>This rental has no price yet: contact the host.</Trans>
      </p>
    );

  const pickMonth = (month: string) => {
    const first = `${month}-01`;
    setStart(first < todayUtc() ? todayUtc() : first);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (listing.type === 'exchange' && !note.trim()) {
      setNoteError(t`Tell the host about your skills`);
      return;
    }
    if (spec) {
      if (!quote?.pricePerMonth) return;
      specPay.mutate(
        { listingId: listing.id, amount: quote.pricePerMonth, ...(start ? { rentalStart: start } : {}) },
        { onError: noPlot.noteRefusal },
      );
      return;
    }
    const input = {
      listingId: listing.id,
      start: startDay,
      months: n,
      ...(monthly ? { paymentPlan: 'monthly' as const } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    // Awaited rather than mutate callbacks: the refreshed list swaps this form for the booking's
    // link, and callbacks of an unmounted observer never run. Errors are toasted by the hooks.
    if (paying) {
      bookAndPay.mutateAsync(input).then(({ booking, hostedUrl }) => {
        if (!hostedUrl) navigate(`/bookings/${booking.id}`);
      }, noPlot.noteRefusal);
      return;
    }
    create.mutateAsync(input).then((b) => {
      toast({
        title: b.status === 'requested' ? t`Request sent` : t`You joined this garden`,
        description:
          b.status === 'requested'
            ? t`The host has ${hours} hours to answer.`
            : t`Welcome! The host can see you in their bookings.`,
      });
      navigate(`/bookings/${b.id}`);
    }, noPlot.noteRefusal);
  }

  const price = quote?.pricePerMonth ? formatMoney(quote.pricePerMonth, locale) : '';
  const fee = quote?.feePercent ?? 0;
  const total = quote ? formatMoney(quote.dueNow, locale) : '';
  // A paying button names its amount only once the quote has it.
  const waiting = paying && !quote;
  const label = waiting
    ? t`Loading...`
    : spec
      ? t`Pay with Crypto (${price} + ${fee}% fee)`
      : paying
        ? t`Book and pay ${total}`
        : isRental
          ? t`Request to book`
          : listing.type === 'exchange'
            ? t`Request to join`
            : t`Join this garden`;
  const modeText = instant
    ? isRental
      ? t`Instant book: the plot is yours once you pay.`
      : t`Instant: you join at once.`
    : isRental
      ? t`The host has ${hours} hours to answer; you pay only once they accept.`
      : t`The host has ${hours} hours to answer.`;
  const season = seasonText(listing, i18n);
  const workHours = listing.workHours;
  const firstFreeText = firstFree ? utcDay(firstFree, locale) : '';

  // A listing with no plot free in any month shown offers its waiting list instead of a form
  // whose button could only be refused (ADR 058); dates the server refused keep the form.
  if (whenFull && noPlot.full && !noPlot.refused)
    return <>{whenFull({ start: startDay, months: n }, false)}</>;

  // The waiting list's own form goes after this one (a form inside a form would submit both).
  return (
    <>
      <form
        className="space-y-4"
        method="post"
        action={action}
        onSubmit={submit}
        noValidate
        aria-label={t`Book this space`}
      >
        <input type="hidden" name="form" value="book" />
        {monthly ? <input type="hidden" name="paymentPlan" value="monthly" /> : null}
        <MonthStrip listingId={listing.id} onPick={pickMonth} />
        {season ? <p className="text-xs text-muted-foreground">{season}</p> : null}
        <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={`${id}-start`}>
              {isRental ? <Trans>Rental start date (optional)</Trans> : <Trans>Start date (optional)</Trans>}
            </Label>
            <Input
              id={`${id}-start`}
              name="start"
              type="date"
              min={todayUtc()}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              aria-describedby={`${id}-start-hint`}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-months`}>
              <Trans>Months</Trans>
            </Label>
            <select
              id={`${id}-months`}
              name="months"
              className={selectClass}
              value={months}
              onChange={(e) => setMonths(e.target.value)}
            >
              {listing.type === 'community' ? <option value="">{t`Open-ended`}</option> : null}
              {MONTH_COUNTS.map((m) => (
                <option key={m} value={String(m)}>
                  {monthsText(m, i18n)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p id={`${id}-start-hint`} className="-mt-2 text-xs text-muted-foreground">
          {firstFreeText ? (
            <Trans>Left empty, it starts on {firstFreeText}, the first free day.</Trans>
          ) : (
            <Trans>Left empty, it starts on the first free day.</Trans>
          )}
          {isRental && hold ? (
            <>
              {' '}
              <Trans>Your payment is held until {hold} after the rental starts.</Trans>
            </>
          ) : null}
        </p>
        {priced && quote ? <PriceBreakdown quote={quote} /> : null}
        {quoteError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(quoteError, t`Please try again.`)}
          </p>
        ) : null}
        {several && wholeQuote.data ? (
          <PaymentPlanChoice
            upFront={wholeQuote.data}
            monthly={monthlyQuote.data}
            plan={plan}
            onChange={setPlan}
          />
        ) : null}
        {listing.type === 'exchange' && listing.workHours ? (
          <p className="rounded-lg bg-muted/60 p-3 text-sm">
            {n ? (
              <Trans>
                You commit to <span className="font-semibold">{workHours} hrs per week</span> for{' '}
                <Plural value={n} one="# month" other="# months" />, logged and confirmed in the app.
              </Trans>
            ) : (
              <Trans>
                You commit to <span className="font-semibold">{workHours} hrs per week</span>, logged and
                confirmed in the app.
              </Trans>
            )}
          </p>
        ) : null}
        {!instant ? (
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-note`}>
              {listing.type === 'exchange' ? (
                <Trans>Your skills and experience</Trans>
              ) : (
                <Trans>Message to the host (optional)</Trans>
              )}
            </Label>
            <Textarea
              id={`${id}-note`}
              name="note"
              rows={3}
              maxLength={BOOKING_NOTE_MAX}
              className="min-h-20"
              placeholder={
                listing.type === 'exchange'
                  ? t`What you can help with: weeding, watering, building beds...`
                  : t`A few words about what you would like to grow`
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
        <AgreementPreview listing={listing} start={start} months={n} note={note} quote={wholeQuote.data} />
        <Button
          type="submit"
          size="lg"
          className="h-auto min-h-12 w-full whitespace-normal px-3 py-2 text-center text-sm sm:text-base"
          disabled={busy || (waiting && hydrated)}
        >
          {spec ? <Bitcoin aria-hidden="true" /> : <CalendarCheck aria-hidden="true" />}
          {busy ? t`Processing...` : label}
        </Button>
        <div className="space-y-1 text-xs text-muted-foreground">
          <p>{modeText}</p>
          <p>{isRental ? policyText(listing.cancellationPolicy, i18n) : freePolicy(i18n)}</p>
        </div>
      </form>
      {whenFull && noPlot.full ? whenFull({ start: startDay, months: n }, noPlot.refused) : null}
    </>
  );
}
