import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { intlLocale } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import { availabilityQuery } from '../api/bookings.ts';

// "YYYY-MM" in the page's language, in UTC: "Mar 2027", "March 2027", "Mar".
function monthText(m: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1));
  return date.toLocaleDateString(intlLocale(locale), { ...options, timeZone: 'UTC' });
}

// The next 12 months of a listing: free, full or out of season. A free month can be picked as the
// start (its first day, or today for the current month).
export function MonthStrip({ listingId, onPick }: { listingId: number; onPick: (month: string) => void }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const { data, isLoading, error } = useQuery(availabilityQuery(listingId));
  if (error) return null;
  const plots = data?.plots ?? 0;
  const short = (m: string) => monthText(m, locale, { month: 'short', year: 'numeric' });
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium" id={`avail-${listingId}`}>
          <Trans>Availability</Trans>
        </p>
        {data?.months.length ? (
          <p className="text-xs text-muted-foreground">
            {short(data.months[0].month)} – {short(data.months[data.months.length - 1].month)} ·{' '}
            <Plural value={plots} one="# plot" other="# plots" />
          </p>
        ) : null}
      </div>
      {isLoading || !data ? (
        <div className="grid grid-cols-6 gap-1.5" aria-hidden="true">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
            <div key={i} className="h-11 animate-pulse rounded-md bg-muted" />
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-6 gap-1.5" aria-labelledby={`avail-${listingId}`}>
          {data.months.map((m) => {
            const month = monthText(m.month, locale, { month: 'long', year: 'numeric' });
            const free = m.free;
            const open = m.inSeason && free > 0;
            const label = !m.inSeason
              ? t`${month}: out of season`
              : free > 0
                ? t`${month}: ${free} of ${plural(plots, { one: '# plot free', other: '# plots free' })}`
                : t`${month}: full`;
            const cell = cn(
              'flex h-11 w-full flex-col items-center justify-center rounded-md text-xs leading-tight',
              open && 'bg-accent font-medium text-accent-foreground',
              m.inSeason && !open && 'bg-muted text-muted-foreground line-through',
              !m.inSeason && 'border border-dashed border-input text-muted-foreground',
            );
            const text = (
              <>
                <span aria-hidden="true">{monthText(m.month, locale, { month: 'short' })}</span>
                <span aria-hidden="true" className="text-[11px]">
                  {open ? t`${free} free` : m.inSeason ? t`full` : t`closed`}
                </span>
                <span className="sr-only">{label}</span>
              </>
            );
            return (
              <li key={m.month} title={label}>
                {open ? (
                  <button
                    type="button"
                    className={cn(cell, 'cursor-pointer hover:bg-primary/15')}
                    onClick={() => onPick(m.month)}
                  >
                    {text}
                  </button>
                ) : (
                  <div className={cell}>{text}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
