import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { todayUtc } from '#shared/booking-rules.ts';
import type { Booking } from '#shared/bookings.ts';
import { agreementQuery, endEarlyQuoteQuery, useEndEarly } from '../api/stay.ts';
import { endEarlyText, formatDay } from './booking-format.ts';

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// Ending a running stay early with the agreement's notice (ADR 037); once ended early, what
// changed. The notice is the reader's, from the agreement in force.
export function EndEarly({ booking: b }: { booking: Booking }) {
  const { t, i18n } = useLingui();
  const { data: agreement } = useQuery({ ...agreementQuery(b.id), enabled: b.status === 'active' });
  const noticeDays = agreement
    ? b.role === 'grower'
      ? agreement.parts.growerNoticeDays
      : agreement.parts.hostNoticeDays
    : 0;
  // The form asks for the last day; the API takes the (exclusive) end, the day after it.
  const earliestLast = addDays(todayUtc(), noticeDays - 1);
  const [picked, setLastDay] = useState<string | null>(null);
  const lastDay = picked ?? earliestLast;
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const end = useEndEarly(b.id);
  // The refund of ending on the chosen day, as the server will make it (ADR 045).
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(lastDay) && !Number.isNaN(Date.parse(lastDay));
  const quote = useQuery({
    ...endEarlyQuoteQuery(b.id, validDay ? addDays(lastDay, 1) : ''),
    enabled: open && validDay && b.status === 'active' && !b.endedEarly,
    staleTime: 0,
  });
  if (b.endedEarly) {
    const was = b.endedEarly.originalEnd
      ? formatDay(addDays(b.endedEarly.originalEnd, -1), i18n.locale)
      : null;
    const now = b.end ? formatDay(addDays(b.end, -1), i18n.locale) : '';
    // The completion job completes the stay on its (exclusive) end day: reviews open then.
    const reviewsOn = b.end ? formatDay(b.end, i18n.locale) : '';
    return (
      <p className="text-sm" data-testid="ended-early">
        {was
          ? t`This stay ends early: its last day is ${now} (it was ${was}).`
          : t`This stay ends early: its last day is ${now}.`}{' '}
        <span className="text-muted-foreground">“{b.endedEarly.reason}”</span>{' '}
        {b.status === 'active' ? (
          <span data-testid="reviews-open">{t`You can review each other from ${reviewsOn}.`}</span>
        ) : null}
      </p>
    );
  }
  if (b.status !== 'active' || !agreement) return null;
  if (!open)
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Trans>End the stay early</Trans>
      </Button>
    );
  const earliestText = formatDay(earliestLast, i18n.locale);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">
          <Trans>End the stay early</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            end.mutate({ endDate: addDays(lastDay, 1), reason });
          }}
        >
          <p className="text-sm text-muted-foreground">
            {t`The agreement asks you for ${noticeDays} days' notice: the earliest last day is ${earliestText}.`}
          </p>
          <TextField
            id="end-early-date"
            label={t`New last day`}
            type="date"
            min={earliestLast}
            value={lastDay}
            onChange={(e) => setLastDay(e.target.value)}
          />
          <p className="text-sm" role="status" data-testid="end-early-refund">
            {quote.data
              ? endEarlyText(quote.data, i18n)
              : quote.error
                ? errorMessage(quote.error, t`Please try again.`)
                : t`Working out the refund...`}
          </p>
          <TextAreaField
            id="end-early-reason"
            label={t`Reason`}
            rows={2}
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={end.isPending}>
              <Trans>Confirm the early end</Trans>
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              <Trans>Keep the stay</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
