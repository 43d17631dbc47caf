import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookableListing } from '#client/features/bookings/components/booking-card.tsx';
import { type ApiHandler, renderAt, stubApi } from '#client/testing/render.tsx';
import { DEFAULT_AGREEMENT } from '#shared/agreement-defaults.ts';
import type { User } from '#shared/auth.ts';
import type { MyWaitlist } from '#shared/waitlists.ts';
import { ListingBooking } from './listing-booking.tsx';

configure({ asyncUtilTimeout: 5000 });

// The listing page's booking part with its waiting list (ADR 049): a full listing offers the list
// instead of a dead end, a grower in line sees their place instead of the form, and a listing with
// a free month offers only the form.
const garden: BookableListing = {
  id: 7,
  userId: 5,
  type: 'community',
  price: null,
  workHours: null,
  bookingMode: 'instant',
  cancellationPolicy: 'flexible',
  seasonStart: null,
  seasonEnd: null,
  agreement: DEFAULT_AGREEMENT,
  title: 'Maple Street Garden',
  city: 'Portland',
  state: 'OR',
  size: null,
  plots: 1,
};
const grower = {
  id: 42,
  username: 'g42',
  email: 'g@example.com',
  name: 'G',
  bio: null,
  avatar: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  emailVerified: true,
  role: 'member',
  language: 'en',
} as User;
const months = (free: number) =>
  Array.from({ length: 12 }, (_, i) => ({
    month: `2027-${String(i + 1).padStart(2, '0')}`,
    free,
    inSeason: true,
  }));
const entry: MyWaitlist = {
  id: 3,
  listingId: 7,
  start: '2027-01-01',
  months: null,
  note: null,
  position: 2,
  status: 'waiting',
  offer: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  listing: { id: 7, title: 'Maple Street Garden', city: 'Portland', type: 'community' },
};

function server(free: number, mine: MyWaitlist[]): ApiHandler {
  return (method, url) => {
    if (method !== 'GET') return undefined;
    const p = url.pathname;
    if (p === '/api/user') return { body: grower };
    if (p === '/api/bookings') return { body: { asGrower: [], asHost: [] } };
    if (p === '/api/users/me/waitlists') return { body: { items: mine } };
    if (p === '/api/listings/7/availability')
      return { body: { plots: 1, season: null, months: months(free) } };
    if (p === '/api/payment-terms') return { body: {} };
    return undefined;
  };
}

describe('ListingBooking', () => {
  it('offers the waiting list instead of the booking form when every month shown is full', async () => {
    stubApi(server(0, []));
    await renderAt(<ListingBooking listing={garden} />);
    const join = await screen.findByRole('button', { name: 'Join the waiting list' });
    // Its own plain form (ADR 058), posting to the listing: never inside a booking form.
    expect(join.closest('form')?.getAttribute('action')).toBe(`/listings/${garden.id}`);
    expect(join.closest('form')?.querySelector('input[name="form"]')?.getAttribute('value')).toBe('waitlist');
    expect(screen.getByText('Every plot is taken.')).toBeTruthy();
    // No "Join this garden" that could only be refused (issue 65).
    expect(screen.queryByRole('button', { name: 'Join this garden' })).toBeNull();
  });

  it('offers only the form while a month has a free plot', async () => {
    stubApi(server(1, []));
    await renderAt(<ListingBooking listing={garden} />);
    expect(await screen.findByRole('button', { name: 'Join this garden' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).toBeNull();
  });

  it('shows a grower in line their place instead of the form', async () => {
    stubApi(server(0, [entry]));
    await renderAt(<ListingBooking listing={garden} />);
    expect(await screen.findByText('You are number 2 in line')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join this garden' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeTruthy();
  });
});
