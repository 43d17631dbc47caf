import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ListPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useHref } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Input, Label, Textarea } from '#client/components/ui/input.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import { BOOKING_MONTHS_MAX, BOOKING_NOTE_MAX, todayUtc } from '#shared/booking-rules.ts';
import { useJoinWaitlist } from '../api/waitlists.ts';

const noop = () => {};
const MONTH_COUNTS = Array.from({ length: BOOKING_MONTHS_MAX }, (_, i) => i + 1);
const selectClass =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base md:text-sm focus-visible:outline-2 focus-visible:outline-ring';

export type WantedStay = { start: string; months: number | null };

// Offered where the booking card finds no plot free (ADR 049): the dates come from the booking
// card, the grower may change them and add a note. The server decides: a plot free for those
// dates answers "book it instead" and the grower stays on the card.
export function JoinWaitlist({
  listingId,
  type,
  stay,
  refused,
}: {
  listingId: number;
  type: 'rental' | 'community';
  stay: WantedStay;
  // The booking was refused for these dates (else: every month shown is full).
  refused: boolean;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState(stay.start);
  const [months, setMonths] = useState(stay.months ? String(stay.months) : '');
  const [note, setNote] = useState('');
  const join = useJoinWaitlist(listingId);
  // Both forms post to the listing's own address before the script (ADR 058).
  const action = useHref(`/listings/${listingId}`);
  const error = join.error ? errorMessage(join.error, t`Please try again.`) : '';

  const openForm = () => {
    // The booking card's dates at the moment the grower asks.
    setStart(stay.start);
    setMonths(stay.months ? String(stay.months) : type === 'community' ? '' : '1');
    join.reset();
    setOpen(true);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    // Awaited rather than mutate callbacks: the refreshed lists swap this form for the place in line.
    join
      .mutateAsync({
        start: start || todayUtc(),
        months: months ? Number(months) : null,
        ...(note.trim() ? { note: note.trim() } : {}),
      })
      .then((entry) => {
        const place = entry.position;
        toast({ title: t`You joined the waiting list`, description: t`You are number ${place} in line.` });
      }, noop);
  }

  return (
    <section className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p>
        <span className="font-medium">
          {refused ? <Trans>No plot is free for those dates.</Trans> : <Trans>Every plot is taken.</Trans>}
        </span>{' '}
        <Trans>
          Join the waiting list: when a plot frees up, the first in line whose dates fit is offered it.
        </Trans>
      </p>
      {!open ? (
        // Before the script the button joins with the card's dates; with it, it opens the form.
        <form method="post" action={action}>
          <input type="hidden" name="form" value="waitlist" />
          <input type="hidden" name="start" value={stay.start} />
          <input type="hidden" name="months" value={stay.months ? String(stay.months) : ''} />
          <Button
            type="submit"
            variant="outline"
            className="h-auto min-h-10 w-full whitespace-normal"
            onClick={(e) => {
              e.preventDefault();
              openForm();
            }}
          >
            <ListPlus aria-hidden="true" />
            <Trans>Join the waiting list</Trans>
          </Button>
        </form>
      ) : (
        <form
          className="space-y-3"
          method="post"
          action={action}
          onSubmit={submit}
          noValidate
          aria-label={t`Join the waiting list`}
        >
          <input type="hidden" name="form" value="waitlist" />
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
            <div className="min-w-0 space-y-1.5">
              <Label htmlFor={`${id}-start`}>
                <Trans>From</Trans>
              </Label>
              <Input
                id={`${id}-start`}
                name="start"
                type="date"
                min={todayUtc()}
                value={start}
                onChange={(e) => setStart(e.target.value)}
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
                {type === 'community' ? <option value="">{t`Open-ended`}</option> : null}
                {MONTH_COUNTS.map((n) => (
                  <option key={n} value={String(n)}>
                    {i18n._(msg`${plural(n, { one: '# month', other: '# months' })}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-note`}>
              <Trans>Note to the host (optional)</Trans>
            </Label>
            <Textarea
              id={`${id}-note`}
              name="note"
              rows={3}
              maxLength={BOOKING_NOTE_MAX}
              className="min-h-20 bg-card"
              placeholder={t`What you would like to grow, or which dates could work too`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              className="h-auto min-h-10 flex-1 whitespace-normal"
              disabled={join.isPending}
            >
              {join.isPending ? t`Processing...` : t`Join the waiting list`}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
