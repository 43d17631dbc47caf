import { Menu, Sprout } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  SheetContent,
} from '#client/components/ui/dialog.tsx';
import { useLogout } from '#client/features/auth/api/auth.ts';
import { useNeedsAction } from '#client/features/bookings/api/bookings.ts';
import { NeedsActionBadge } from '#client/features/bookings/components/needs-action-badge.tsx';
import { useUnreadMessages } from '#client/features/messages/api/stream.ts';
import { UnreadBadge } from '#client/features/messages/components/unread-badge.tsx';
import { useNotificationUnread } from '#client/features/notifications/api/notifications.ts';
import {
  bellLabel,
  NotificationBell,
  NotificationCount,
} from '#client/features/notifications/components/notification-bell.tsx';
import { useUser } from '#client/lib/session.ts';
import { cn } from '#client/lib/utils.ts';

// Only signed-in visitors need the menu (and its popover code): it loads on its own.
const AccountMenu = lazy(() => import('./account-menu.tsx'));

const NAV = [
  { to: '/listings', label: 'Explore' },
  { to: '/create-listing', label: 'Host' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/our-mission', label: 'Our Mission' },
  { to: '/blog', label: 'Blog' },
];

const DRAWER = [
  { to: '/', label: 'Home' },
  { to: '/listings', label: 'Explore' },
  { to: '/create-listing', label: 'Host Your Space' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/our-mission', label: 'Our Mission' },
  { to: '/blog', label: 'Blog' },
];

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-primary">
      <Sprout aria-hidden="true" className="h-6 w-6" />
      <span>Yardshare</span>
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent',
    isActive ? 'text-primary bg-accent' : 'text-foreground/80',
  );

export function Header() {
  const { user } = useUser();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const unread = useUnreadMessages(user?.id ?? null);
  const needsAction = useNeedsAction(user?.id ?? null);
  const notifications = useNotificationUnread(user?.id ?? null);
  const drawerLink = 'block rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent';

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={navClass}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1 md:gap-2">
          {user ? <NotificationBell count={notifications} /> : null}
          <div className="hidden items-center gap-2 md:flex">
            {user ? (
              <Suspense
                fallback={
                  <span className="relative rounded-full">
                    <UserAvatar user={user} />
                  </span>
                }
              >
                <AccountMenu
                  user={user}
                  unread={unread}
                  needsAction={needsAction}
                  notifications={notifications}
                  onLogout={() => logout.mutate()}
                />
              </Suspense>
            ) : (
              <>
                <Button variant="ghost" asChild>
                  <Link to="/auth">Sign In</Link>
                </Button>
                <Button asChild>
                  <Link to="/auth">Join</Link>
                </Button>
              </>
            )}
          </div>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button variant="ghost" size="icon" className="relative md:hidden" aria-label="Open menu">
                <Menu className="!h-6 !w-6" />
                {user ? <UnreadBadge count={unread + needsAction} dot /> : null}
              </Button>
            </DialogTrigger>
            <SheetContent>
              <DialogTitle className="text-lg font-bold text-primary">Yardshare</DialogTitle>
              <DialogDescription className="sr-only">Site navigation</DialogDescription>
              <nav aria-label="Mobile" className="flex flex-col gap-1">
                {DRAWER.map((n) => (
                  <Link key={n.to} to={n.to} className={drawerLink} onClick={() => setOpen(false)}>
                    {n.label}
                  </Link>
                ))}
                <div className="my-2 h-px bg-border" />
                {user ? (
                  <>
                    <Link to="/profile" className={drawerLink} onClick={() => setOpen(false)}>
                      Profile
                    </Link>
                    <Link
                      to="/notifications"
                      aria-label={bellLabel(notifications)}
                      className={cn(drawerLink, 'flex items-center gap-2')}
                      onClick={() => setOpen(false)}
                    >
                      Notifications
                      <NotificationCount count={notifications} />
                    </Link>
                    <Link
                      to="/messages"
                      className={cn(drawerLink, 'flex items-center gap-2')}
                      onClick={() => setOpen(false)}
                    >
                      Messages
                      <UnreadBadge count={unread} />
                    </Link>
                    <Link
                      to="/bookings"
                      className={cn(drawerLink, 'flex items-center gap-2')}
                      onClick={() => setOpen(false)}
                    >
                      Bookings
                      <NeedsActionBadge count={needsAction} />
                    </Link>
                    <Link to="/saved" className={drawerLink} onClick={() => setOpen(false)}>
                      Saved
                    </Link>
                    <button
                      type="button"
                      className={cn(drawerLink, 'text-left cursor-pointer')}
                      onClick={() => {
                        setOpen(false);
                        logout.mutate();
                      }}
                    >
                      Log Out
                    </button>
                  </>
                ) : (
                  <Link to="/auth" className={drawerLink} onClick={() => setOpen(false)}>
                    Sign In / Join
                  </Link>
                )}
              </nav>
            </SheetContent>
          </Dialog>
        </div>
      </div>
    </header>
  );
}
