import { useQuery } from '@tanstack/react-query';
import { cn } from '#client/lib/utils.ts';
import { availabilityQuery } from '../api/bookings.ts';
import { MONTH_NAMES } from './booking-format.ts';

const monthYear = (m: string) => `${MONTH_NAMES[Number(m.slice(5, 7)) - 1].slice(0, 3)} ${m.slice(0, 4)}`;

// The next 12 months of a listing: free, full or out of season. A free month can be picked as the
// start (its first day, or today for the current month).
export function MonthStrip({ listingId, onPick }: { listingId: number; onPick: (month: string) => void }) {
  const { data, isLoading, error } = useQuery(availabilityQuery(listingId));
  if (error) return null;
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium" id={`avail-${listingId}`}>
          Availability
        </p>
        {data?.months.length ? (
          <p className="text-xs text-muted-foreground">
            {monthYear(data.months[0].month)} – {monthYear(data.months[data.months.length - 1].month)} ·{' '}
            {data.plots} {data.plots === 1 ? 'plot' : 'plots'}
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
            const month = Number(m.month.slice(5, 7));
            const name = MONTH_NAMES[month - 1];
            const open = m.inSeason && m.free > 0;
            const state = !m.inSeason
              ? 'out of season'
              : m.free > 0
                ? `${m.free} of ${data.plots} ${data.plots === 1 ? 'plot' : 'plots'} free`
                : 'full';
            const label = `${name} ${m.month.slice(0, 4)}: ${state}`;
            const cell = cn(
              'flex h-11 w-full flex-col items-center justify-center rounded-md text-xs leading-tight',
              open && 'bg-accent font-medium text-accent-foreground',
              m.inSeason && !open && 'bg-muted text-muted-foreground line-through',
              !m.inSeason && 'border border-dashed border-input text-muted-foreground',
            );
            const text = (
              <>
                <span aria-hidden="true">{name.slice(0, 3)}</span>
                <span aria-hidden="true" className="text-[11px]">
                  {open ? `${m.free} free` : m.inSeason ? 'full' : 'closed'}
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
