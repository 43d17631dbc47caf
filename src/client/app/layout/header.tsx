import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, Sprout } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { withAppMessages } from '#client/lib/i18n.ts';
import { useAuthPath } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';
import { cn } from '#client/lib/utils.ts';
import { LanguageMenu } from './language-switcher.tsx';
import type { SignedInState } from './signed-in.tsx';

// Only signed-in visitors need the menu (and its popover code): it loads on its own.
const AccountMenu = lazy(withAppMessages(() => import('./account-menu.tsx')));
// The phone's drawer (and the dialog code) loads when the menu button is about to be used.
const MobileDrawer = lazy(() => import('./mobile-drawer.tsx'));
// The counts and log-out come with the signed-in code, which a signed-out visit never loads.
const SignedInCounts = lazy(
  withAppMessages(() => import('./signed-in.tsx').then((m) => ({ default: m.SignedInCounts }))),
);
// The bell and the unread dot are for signed-in visitors too.
const NotificationBell = lazy(
  withAppMessages(() =>
    import('#client/features/notifications/components/notification-bell.tsx').then((m) => ({
      default: m.NotificationBell,
    })),
  ),
);
const UnreadBadge = lazy(
  withAppMessages(() =>
    import('#client/features/messages/components/unread-badge.tsx').then((m) => ({ default: m.UnreadBadge })),
  ),
);
const SIGNED_OUT: SignedInState = { unread: 0, needsAction: 0, notifications: 0, logout: () => {} };

const NAV = [
  { to: '/listings', label: msg`Explore` },
  // Its own message (context "navigation"): "Host" as a person, in the page catalogues, must not
  // rename the menu item once they load (ADR 038).
  { to: '/create-listing', label: msg({ message: 'Host', context: 'navigation' }) },
  { to: '/how-it-works', label: msg`How It Works` },
  { to: '/our-mission', label: msg`Our Mission` },
  { to: '/blog', label: msg`Blog` },
];

export function Logo() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold text-primary">
      <Sprout aria-hidden="true" className="h-6 w-6" />
      <span>Yardshare</span>
    </Link>
  );
}

// The five links show from lg up (below, the menu button's drawer has them): in German or French
// they need about 500px on one line each, which with the account buttons does not fit a tablet.
const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent',
    isActive ? 'text-primary bg-accent' : 'text-foreground/80',
  );

export function Header() {
  const { user } = useUser();
  const { t, i18n } = useLingui();
  const [signedIn, setSignedIn] = useState(SIGNED_OUT);
  const { unread, needsAction, notifications, logout } = user ? signedIn : SIGNED_OUT;
  const [open, setOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const loadDrawer = () => setDrawerWanted(true);
  const trigger = useRef<HTMLButtonElement>(null);
  // Sign In opens the login tab, Join the register tab; both return to this page.
  const signInPath = useAuthPath('login');
  const joinPath = useAuthPath('register');

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label={t`Main`} className="hidden items-center gap-1 lg:flex">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={navClass}>
              {i18n._(n.label)}
            </NavLink>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-1 md:gap-2">
          <LanguageMenu />
          {user ? (
            <Suspense fallback={null}>
              <SignedInCounts userId={user.id} onChange={setSignedIn} />
            </Suspense>
          ) : null}
          {user ? (
            <Suspense fallback={null}>
              <NotificationBell count={notifications} />
            </Suspense>
          ) : null}
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
                  onLogout={logout}
                />
              </Suspense>
            ) : (
              <>
                <Button variant="ghost" asChild>
                  <Link to={signInPath}>
                    <Trans>Sign In</Trans>
                  </Link>
                </Button>
                <Button asChild>
                  <Link to={joinPath}>
                    <Trans>Join</Trans>
                  </Link>
                </Button>
              </>
            )}
          </div>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon"
            className="relative lg:hidden"
            aria-label={t`Open menu`}
            aria-haspopup="dialog"
            aria-expanded={open}
            onPointerEnter={loadDrawer}
            onFocus={loadDrawer}
            onClick={() => {
              loadDrawer();
              setOpen(true);
            }}
          >
            <Menu className="!h-6 !w-6" />
            {user ? (
              <Suspense fallback={null}>
                <UnreadBadge count={unread + needsAction} dot />
              </Suspense>
            ) : null}
          </Button>
          {drawerWanted ? (
            <Suspense fallback={null}>
              <MobileDrawer
                open={open}
                onOpenChange={setOpen}
                trigger={trigger}
                user={user}
                unread={unread}
                needsAction={needsAction}
                notifications={notifications}
                onLogout={logout}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
    </header>
  );
}
