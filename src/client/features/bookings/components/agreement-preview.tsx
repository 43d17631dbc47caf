import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_AGREEMENT } from '#shared/agreement-defaults.ts';
import { addMonths, todayUtc } from '#shared/booking-rules.ts';
import type { StayQuote } from '#shared/stay-quote.ts';
import { AgreementView } from './agreement-view.tsx';
import type { BookableListing } from './booking-card.tsx';

// The grow agreement the booking will get (ADR 037), for the grower to read before committing:
// the server builds the same parts from the listing and the request.
export function AgreementPreview({
  listing: l,
  start,
  months,
  note,
  quote,
}: {
  listing: BookableListing;
  start: string;
  months: number | null;
  note: string;
  // The server's quote for these dates (ADR 045): the agreement's amounts.
  quote: StayQuote | undefined;
}) {
  const { t } = useLingui();
  const from = start || todayUtc();
  const rental = l.type === 'rental' && l.price !== null;
  const terms = rental && quote?.months === (months ?? 1) ? quote : null;
  return (
    <details className="rounded-lg border border-border p-3 text-sm" data-testid="agreement-preview">
      <summary className="cursor-pointer font-medium">
        <Trans>Read the grow agreement</Trans>
      </summary>
      <p className="mt-2 text-xs text-muted-foreground">
        <Trans>
          By booking or requesting, you accept this agreement. The host accepts it by accepting you.
        </Trans>
      </p>
      <div className="mt-3">
        <AgreementView
          parts={{
            ...DEFAULT_AGREEMENT,
            ...l.agreement,
            type: l.type,
            listingTitle: l.title,
            place: `${l.city}, ${l.state}`,
            size: l.size,
            plots: l.plots,
            start: from,
            end: months ? addMonths(from, months) : null,
            months,
            pricePerMonth: terms?.pricePerMonth ?? null,
            amount: terms?.amount ?? null,
            fee: terms?.fee ?? null,
            total: terms?.total ?? null,
            cancellationPolicy: rental ? l.cancellationPolicy : null,
            hoursPerWeek: l.type === 'exchange' ? l.workHours : null,
            growerNote: note.trim() || null,
            host: t`the host`,
            grower: t`you`,
          }}
        />
      </div>
    </details>
  );
}
