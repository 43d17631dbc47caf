import { Trans } from '@lingui/react/macro';
import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CenteredSpinner, LoadError } from '#client/components/ui/spinner.tsx';
import { OnboardingModal } from '#client/features/onboarding/onboarding-modal.tsx';
import { withAppMessages } from '#client/lib/i18n.ts';
import { useUser } from '#client/lib/session.ts';
import { useToasts } from '#client/lib/toast-store.ts';
import { LOCALE_COOKIE, LOCALES } from '#shared/i18n.ts';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

// The live stream and the e-mail banner are for signed-in visitors: their code loads with a session.
const MessageStream = lazy(
  withAppMessages(() => import('./layout/signed-in.tsx').then((m) => ({ default: m.MessageStream }))),
);
const VerifyEmailBanner = lazy(
  withAppMessages(() => import('./layout/signed-in.tsx').then((m) => ({ default: m.VerifyEmailBanner }))),
);

// The offer of the browser's language on a home page, loaded only when there is one to make.
const LanguageSuggestion = lazy(() => import('./layout/language-suggestion.tsx'));

function LazyLanguageSuggestion() {
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const page = document.documentElement.lang;
    const other = (navigator.languages ?? [navigator.language]).some((tag) => {
      const base = tag.toLowerCase().split('-')[0];
      return base !== page && (LOCALES as readonly string[]).includes(base);
    });
    if (other && !document.cookie.includes(`${LOCALE_COOKIE}=`)) setWanted(true);
  }, []);
  return wanted && pathname === '/' ? (
    <Suspense fallback={null}>
      <LanguageSuggestion />
    </Suspense>
  ) : null;
}

// The toast viewport (and Radix Toast) loads with the first toast: most visits show none.
const Toaster = lazy(() => import('#client/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const [needed, setNeeded] = useState(false);
  const any = useToasts().length > 0;
  if (any && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// A screen that failed to load or render (offline, or a new release replaced its code): the layout
// stays and says so; the next navigation starts afresh.
type ScreenErrorProps = { path: string; children: ReactNode };
class ScreenError extends Component<ScreenErrorProps, { failed: boolean; path: string }> {
  state = { failed: false, path: this.props.path };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: ScreenErrorProps, state: { path: string }) {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }
  render() {
    return this.state.failed ? <LoadError what="page" /> : this.props.children;
  }
}

// After a client-side navigation, focus moves to the new content. Not on the first load: there the
// first Tab must reach the skip link.
function FocusMainOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

// Marks the page interactive once React has rendered or hydrated it with its screen (browser tests
// wait for it); inside the screen's Suspense, so not while the screen's code is still loading.
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function RootLayout() {
  const { pathname } = useLocation();
  const { user } = useUser();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      {user ? (
        <Suspense fallback={null}>
          <MessageStream userId={user.id} />
        </Suspense>
      ) : null}
      <LazyLanguageSuggestion />
      <Header />
      {user ? (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      ) : null}
      {/* At least a screen tall: the footer starts below the fold, so content arriving late does not shift it into view (CLS). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100vh-4rem)] flex-1 outline-none">
        <Suspense fallback={<CenteredSpinner />}>
          <ScreenError path={pathname}>
            <Outlet />
          </ScreenError>
          <MarkHydrated />
        </Suspense>
      </main>
      <Footer />
      <LazyToaster />
      <OnboardingModal />
      <ScrollRestoration />
      <FocusMainOnNavigate />
    </div>
  );
}
