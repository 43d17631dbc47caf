import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '#client/testing/render.tsx';
import { carouselWaits, OnboardingModal } from './onboarding-modal.tsx';

// The carousel's code loaded and React's pending work done: what is open now is what stays open.
async function settled() {
  await import('./onboarding-carousel.tsx');
  await act(async () => {});
}

describe('the welcome carousel', () => {
  beforeEach(() => window.localStorage.clear());

  it('waits on forms, payment returns, listing pages and pages reached with a return path', () => {
    for (const [path, search] of [
      ['/auth', ''],
      ['/auth', '?tab=register'],
      ['/reset-password', '?token=x'],
      ['/verify-email', ''],
      ['/unsubscribe', ''],
      ['/payment/success', '?booking=3'],
      ['/payment/cancel', ''],
      ['/listings/7', ''],
      ['/listing/7', ''],
      ['/bookings', '?next=/listings/7'],
    ])
      expect(carouselWaits(path, search), path + search).toBe(true);
    for (const path of ['/', '/listings', '/how-it-works', '/messages'])
      expect(carouselWaits(path, ''), path).toBe(false);
  });

  it('does not open over the sign-in form reached from "Sign in to book", and opens once the visitor browses on', async () => {
    const { router } = await renderAt(<OnboardingModal />, { path: '/auth?next=/listings/7', route: '*' });
    await settled();
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('does not open over a payment return', async () => {
    const { router } = await renderAt(<OnboardingModal />, {
      path: '/payment/success?booking=3',
      route: '*',
    });
    await settled();
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate('/listings'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
