import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Dialog, DialogDescription, DialogTitle, SheetContent } from '#client/components/ui/dialog.tsx';
import { NeedsActionBadge } from '#client/features/bookings/components/needs-action-badge.tsx';
import { UnreadBadge } from '#client/features/messages/components/unread-badge.tsx';
import {
  bellLabel,
  NotificationCount,
} from '#client/features/notifications/components/notification-bell.tsx';
import { useAuthPath } from '#client/lib/return-path.ts';
import { cn } from '#client/lib/utils.ts';
import type { User } from '#shared/auth.ts';

const DRAWER: { to: string; label: MessageDescriptor }[] = [
  { to: '/', label: msg`Home` },
  { to: '/listings', label: msg`Explore` },
  { to: '/create-listing', label: msg`Host Your Space` },
  { to: '/how-it-works', label: msg`How It Works` },
  { to: '/our-mission', label: msg`Our Mission` },
  { to: '/blog', label: msg`Blog` },
];

const drawerLink = 'block rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent';

// The phone's navigation drawer, opened by the header's menu button (loaded on first use).
export default function MobileDrawer({
  open,
  onOpenChange,
  trigger,
  user,
  unread,
  needsAction,
  notifications,
  onLogout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
  user: User | null;
  unread: number;
  needsAction: number;
  notifications: number;
  onLogout: () => void;
}) {
  const setOpen = onOpenChange;
  const { t, i18n } = useLingui();
  // Sign In / Join opens the register tab: a newcomer is who looks for it; the sign-in tab is beside it.
  const signInPath = useAuthPath('register');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onCloseAutoFocus={(e) => {
          // The trigger lives outside this lazily loaded dialog: give it focus back ourselves.
          e.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DialogTitle className="text-lg font-bold text-primary">Yardshare</DialogTitle>
        <DialogDescription className="sr-only">
          <Trans>Site navigation</Trans>
        </DialogDescription>
        <nav aria-label={t`Mobile`} className="flex flex-col gap-1">
          {DRAWER.map((n) => (
            <Link key={n.to} to={n.to} className={drawerLink} onClick={() => setOpen(false)}>
              {i18n._(n.label)}
            </Link>
          ))}
          <div className="my-2 h-px bg-border" />
          {user ? (
            <>
              <Link to="/profile" className={drawerLink} onClick={() => setOpen(false)}>
                <Trans>Profile</Trans>
              </Link>
              <Link
                to="/notifications"
                aria-label={bellLabel(notifications, i18n)}
                className={cn(drawerLink, 'flex items-center gap-2')}
                onClick={() => setOpen(false)}
              >
                <Trans>Notifications</Trans>
                <NotificationCount count={notifications} />
              </Link>
              <Link
                to="/messages"
                className={cn(drawerLink, 'flex items-center gap-2')}
                onClick={() => setOpen(false)}
              >
                <Trans>Messages</Trans>
                <UnreadBadge count={unread} />
              </Link>
              <Link
                to="/bookings"
                className={cn(drawerLink, 'flex items-center gap-2')}
                onClick={() => setOpen(false)}
              >
                <Trans>Bookings</Trans>
                <NeedsActionBadge count={needsAction} />
              </Link>
              <Link to="/saved" className={drawerLink} onClick={() => setOpen(false)}>
                <Trans>Saved</Trans>
              </Link>
              {user.role === 'admin' ? (
                <Link to="/admin" className={drawerLink} onClick={() => setOpen(false)}>
                  <Trans>Operator console</Trans>
                </Link>
              ) : null}
              <button
                type="button"
                className={cn(drawerLink, 'text-left cursor-pointer')}
                onClick={() => {
                  setOpen(false);
                  onLogout();
                }}
              >
                <Trans>Log Out</Trans>
              </button>
            </>
          ) : (
            <Link to={signInPath} className={drawerLink} onClick={() => setOpen(false)}>
              <Trans>Sign In / Join</Trans>
            </Link>
          )}
        </nav>
      </SheetContent>{' '}
    </Dialog>
  );
}
