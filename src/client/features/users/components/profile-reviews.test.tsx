import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '#client/testing/render.tsx';
import type { UserProfile } from '#shared/users.ts';
import { ProfileReviews } from './profile-reviews.tsx';

const item = (id: number, comment: string, fromStay: boolean) => ({
  id,
  listingId: 3,
  listingTitle: 'Sunny beds',
  rating: 4,
  comment,
  createdAt: '2026-05-01T12:00:00.000Z',
  user: { name: 'Ana', avatar: null },
  fromStay,
});
const reviews: UserProfile['reviews'] = {
  average: 4,
  count: 2,
  fromStays: 1,
  items: [item(1, 'Grew beans here all summer.', true), item(2, 'Saw it from the street.', false)],
};

// The reviews of a host's spaces on their profile: each marked by whether its writer stayed, and
// the count from stays beside the average (ADR 050).
describe('ProfileReviews', () => {
  it('marks each review and says how many came from stays', async () => {
    await renderAt(<ProfileReviews reviews={reviews} />);
    const [stayed, passing] = screen.getAllByRole('listitem');
    expect(within(stayed).getByText('Verified stay')).toBeTruthy();
    expect(within(passing).getByText('No verified stay')).toBeTruthy();
    expect(screen.getByTestId('profile-rating-stays').textContent).toBe('1 from a stay');
  });

  it('speaks the visitor language', async () => {
    await renderAt(<ProfileReviews reviews={reviews} />, { locale: 'ja' });
    expect(screen.getByText('利用未確認')).toBeTruthy();
    expect(screen.getByTestId('profile-rating-stays').textContent).toBe('利用者から1件');
  });
});
