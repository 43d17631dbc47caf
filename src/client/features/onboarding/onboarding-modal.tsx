import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ONBOARDING_FLAG } from '#shared/constants.ts';
import { NEXT_PARAM } from '#shared/return-path.ts';

// The first-visit carousel opens once a visitor's page has hydrated, until they close, skip or
// finish it ('true' under onboardingComplete). It waits while the visitor is on a page with a job
// of its own (carouselWaits); its code loads only for a visitor who will see it.
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

// Pages the carousel never covers (ADR 052): a listing's page (often opened from a shared link),
// the sign-in, password, e-mail and unsubscribe forms, a payment's return, and any page reached
// with a return path (?next=), where the visitor is in the middle of something.
const WAITS_ON = /^\/(listings?\/[^/]+|auth|reset-password|verify-email|unsubscribe|payment\/[^/]+)\/?$/;

export function carouselWaits(pathname: string, search: string): boolean {
  return WAITS_ON.test(pathname) || new URLSearchParams(search).has(NEXT_PARAM);
}

export function OnboardingModal() {
  const { pathname, search } = useLocation();
  // Read after mount: the server-rendered page (and so the first render) never shows the modal.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!isComplete()) setWanted(true);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingCarousel
        open={!carouselWaits(pathname, search)}
        onDone={() => {
          markComplete();
          setWanted(false);
        }}
      />
    </Suspense>
  );
}
