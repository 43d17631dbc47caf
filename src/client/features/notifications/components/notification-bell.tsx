import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '#client/lib/utils.ts';

// The bell's accessible name, in the page's language (pass useLingui().i18n).
export const bellLabel = (count: number, i18n: I18n) =>
  count ? i18n._(msg`Notifications, ${count} unread`) : i18n._(msg`Notifications`);

// The header's bell: a link to /notifications with the unread count.
export function NotificationBell({ count, className }: { count: number; className?: string }) {
  const { i18n } = useLingui();
  return (
    <Link
      to="/notifications"
      aria-label={bellLabel(count, i18n)}
      className={cn(
        'relative inline-flex h-10 w-10 items-center justify-center rounded-lg transition-colors hover:bg-accent hover:text-accent-foreground',
        className,
      )}
    >
      <Bell aria-hidden="true" className="h-5 w-5" />
      <NotificationCount count={count} className="absolute right-0.5 top-0.5" />
    </Link>
  );
}

// The count on the bell and the menus' Notifications entries; the entry's name says it for screen
// readers.
export function NotificationCount({ count, className }: { count: number; className?: string }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="notification-count"
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-none text-destructive-foreground',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
