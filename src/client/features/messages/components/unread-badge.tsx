import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { cn } from '#client/lib/utils.ts';

// The unread messages count on the header's Messages entries; a dot on the buttons that open them.
export function UnreadBadge({ count, dot, className }: { count: number; dot?: boolean; className?: string }) {
  const { t } = useLingui();
  if (!count) return null;
  const label = t`${plural(count, { one: '# unread message', other: '# unread messages' })}`;
  if (dot)
    return (
      <span
        aria-hidden="true"
        className={cn(
          'absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full border-2 border-background bg-destructive',
          className,
        )}
      />
    );
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 py-0.5 text-xs font-semibold leading-none text-primary-foreground',
        className,
      )}
      data-testid="header-unread"
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
