import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ONBOARDING_FLAG } from '#shared/constants.ts';

// The first-visit carousel opens once a visitor's page has hydrated, until they close, skip or
// finish it ('true' under onboardingComplete). It waits while the visitor is on a listing's page
// (often opened from a shared link). Its code loads only for a visitor who will see it.
const OnboardingCarousel = lazy(() => import('./onboarding-carousel.tsx'));

function isComplete(): boolean {
  try {
    return window.localStorage.getItem(ONBOARDING_FLAG) === 'true';
  } catch {
    return true; // storage blocked: do not nag on every page
  }
}

function markComplete() {
  try {
    window.localStorage.setItem(ONBOARDING_FLAG, 'true');
  } catch {
    // storage blocked: the modal still closes for this visit
  }
}

const LISTING_PAGE = /^\/listings?\/[^/]+\/?$/;

export function OnboardingModal() {
  const { pathname } = useLocation();
  // Read after mount: the server-rendered page (and so the first render) never shows the modal.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!isComplete()) setWanted(true);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingCarousel
        open={!LISTING_PAGE.test(pathname)}
        onDone={() => {
          markComplete();
          setWanted(false);
        }}
      />
    </Suspense>
  );
}
