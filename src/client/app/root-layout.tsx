import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { VerifyEmailBanner } from '#client/features/account/components/verify-email-banner.tsx';
import { useMessageStream } from '#client/features/messages/api/stream.ts';
import { notificationStreamListeners } from '#client/features/notifications/api/notifications.ts';
import { OnboardingModal } from '#client/features/onboarding/onboarding-modal.tsx';
import { useUser } from '#client/lib/session.ts';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';

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

// Marks the page interactive once React has rendered or hydrated it (browser tests wait for it).
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

// The live stream, one per tab while signed in: messages, and the notifications the bell counts.
function MessageStream() {
  const { user } = useUser();
  const qc = useQueryClient();
  const listeners = useMemo(() => notificationStreamListeners(qc), [qc]);
  useMessageStream(user?.id ?? null, listeners);
  return null;
}

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <MessageStream />
      <Header />
      <VerifyEmailBanner />
      {/* At least a screen tall: the footer starts below the fold, so content arriving late does not shift it into view (CLS). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100vh-4rem)] flex-1 outline-none">
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
      <OnboardingModal />
      <ScrollRestoration />
      <FocusMainOnNavigate />
      <MarkHydrated />
    </div>
  );
}
