import { Plural } from '@lingui/react/macro';
import { cn } from '#client/lib/utils.ts';

// The header's count of bookings waiting for the user (a request to answer, a rental to pay).
export function NeedsActionBadge({ count, className }: { count: number; className?: string }) {
  if (!count) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 py-0.5 text-xs font-semibold leading-none text-primary-foreground',
        className,
      )}
      data-testid="header-bookings"
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">
        <Plural value={count} one="# booking needs your action" other="# bookings need your action" />
      </span>
    </span>
  );
}
