import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHandler, renderAt, stubApi } from '#client/testing/render.tsx';
import { DEFAULT_AGREEMENT } from '#shared/agreement-defaults.ts';
import type { User } from '#shared/auth.ts';
import type { ListingDetail } from '#shared/listings.ts';
import type { Review } from '#shared/reviews.ts';
import ListingDetailPage from './listing-detail.tsx';

// The listing page's rules: the spec's rating with the count from stays beside it, every review
// marked by whether its reviewer stayed (ADR 050), and what the owner, a signed-in visitor and a
// signed-out one each get.

// jsdom has no IntersectionObserver: the map's box is never seen, so no map is drawn.
beforeAll(() => {
  globalThis.IntersectionObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});

const HOST_ID = 5;
const listing: ListingDetail = {
  id: 7,
  userId: HOST_ID,
  title: 'Sunny raised beds',
  description: 'Four cedar beds in full sun.',
  type: 'rental',
  price: 40,
  workHours: null,
  location: '',
  city: 'Portland',
  state: 'OR',
  size: '200 sq ft',
  amenities: ['Water access'],
  images: [],
  lat: 45.5,
  lng: -122.6,
  exactLocation: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  active: true,
  plots: 1,
  seasonStart: null,
  seasonEnd: null,
  bookingMode: 'request',
  cancellationPolicy: 'moderate',
  agreement: DEFAULT_AGREEMENT,
  rating: { average: 4.3, count: 3, fromStays: { average: 4.5, count: 2 } },
  host: { id: HOST_ID, memberSince: '2025-03-01T00:00:00.000Z' },
};

const review = (id: number, name: string, fromStay: boolean, comment: string): Review => ({
  id,
  listingId: 7,
  userId: 100 + id,
  rating: 4,
  comment,
  createdAt: `2026-04-0${id}T12:00:00.000Z`,
  updatedAt: `2026-04-0${id}T12:00:00.000Z`,
  user: { name, username: name.toLowerCase(), avatar: null },
  fromStay,
});
const reviews = [
  review(1, 'Ana', true, 'The beds were ready on day one.'),
  review(2, 'Ben', false, 'Looks lovely from the street.'),
  review(3, 'Cleo', true, 'Water never failed.'),
];

const person = (id: number): User => ({
  id,
  username: `user${id}`,
  email: `user${id}@example.com`,
  name: `User ${id}`,
  bio: null,
  avatar: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  emailVerified: true,
  role: 'member',
  language: 'en',
});

// The server as the page meets it: this listing, its reviews, and the visitor's session.
function server(opts: { user?: User | null; detail?: ListingDetail; list?: Review[] } = {}): ApiHandler {
  const { user = null, detail = listing, list = reviews } = opts;
  return (method, url) => {
    if (method !== 'GET') return undefined;
    const p = url.pathname;
    if (p === '/api/user') return user ? { body: user } : { status: 401, body: { message: 'Not signed in' } };
    if (p === `/api/listings/${detail.id}`) return { body: detail };
    if (p === `/api/listings/${detail.id}/reviews`) return { body: list };
    if (p === '/api/saved/ids') return { body: [] };
    if (p === '/api/bookings') return { body: [] };
    if (p === '/api/listings/404') return { status: 404, body: { message: 'Listing not found' } };
    return undefined;
  };
}

const open = (id: number | string = 7, locale: 'en' | 'ja' = 'en') =>
  renderAt(<ListingDetailPage />, { path: `/listings/${id}`, route: '/listings/:id', locale });

afterEach(() => {
  document.head.innerHTML = '';
});

describe('ListingDetailPage: the rating and the review marks', () => {
  it("shows the spec's average and count, and how many came from stays beside it", async () => {
    stubApi(server());
    await open();
    const line = await screen.findByTestId('listing-rating');
    expect(line.textContent).toContain('4.3 (3 reviews)');
    expect(within(line).getByTestId('listing-rating-stays').textContent).toBe('2 from stays');
  });

  it('marks each review: a verified stay, or no verified stay', async () => {
    stubApi(server());
    await open();
    await screen.findByText('Water never failed.');
    const items = screen.getAllByRole('listitem');
    const byText = (text: string) => items.find((li) => li.textContent?.includes(text))!;
    expect(within(byText('The beds were ready')).getByText('Verified stay')).toBeTruthy();
    expect(within(byText('Water never failed')).getByText('Verified stay')).toBeTruthy();
    const stranger = byText('Looks lovely from the street.');
    expect(within(stranger).getByText('No verified stay')).toBeTruthy();
    expect(within(stranger).queryByText('Verified stay')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Reviews (3)' })).toBeTruthy();
  });

  it('says "1 from a stay" and "none from stays" as the count asks', async () => {
    const one = { ...listing, rating: { average: 5, count: 2, fromStays: { average: 5, count: 1 } } };
    stubApi(server({ detail: one }));
    const first = await open();
    expect((await screen.findByTestId('listing-rating-stays')).textContent).toBe('1 from a stay');
    first.unmount();
    const none = { ...listing, rating: { average: 5, count: 1, fromStays: { average: null, count: 0 } } };
    stubApi(server({ detail: none, list: [reviews[1]] }));
    await open();
    expect((await screen.findByTestId('listing-rating')).textContent).toContain('5.0 (1 review)');
    expect(screen.getByTestId('listing-rating-stays').textContent).toBe('none from stays');
  });

  it('says "No reviews yet" with no count from stays when there are none', async () => {
    const empty = { ...listing, rating: { average: null, count: 0, fromStays: { average: null, count: 0 } } };
    stubApi(server({ detail: empty, list: [] }));
    await open();
    expect((await screen.findByTestId('listing-rating')).textContent).toContain('No reviews yet');
    expect(screen.queryByTestId('listing-rating-stays')).toBeNull();
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it('marks reviews in the visitor language (ja)', async () => {
    stubApi(server());
    await open(7, 'ja');
    expect((await screen.findByTestId('listing-rating-stays')).textContent).toBe('利用者から2件');
    expect((await screen.findAllByText('利用確認済み')).length).toBe(2);
    expect(screen.getAllByText('利用未確認').length).toBe(1);
  });
});

describe('ListingDetailPage: who sees what', () => {
  it('a signed-out visitor reads the listing and its reviews, with no review form and no report link', async () => {
    stubApi(server());
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunny raised beds' })).toBeTruthy();
    await screen.findByText('Water never failed.');
    expect(screen.getByRole('link', { name: `Host #${HOST_ID}` }).getAttribute('href')).toBe(
      `/users/${HOST_ID}`,
    );
    expect(screen.getByText('Member since March 2025')).toBeTruthy();
    expect(screen.getByTestId('listing-area-note').textContent).toMatch(/approximate area/);
    expect(screen.queryByRole('heading', { name: 'Leave a Review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report this listing' })).toBeNull();
  });

  it('a signed-in visitor who is not the host gets the review form and the report link', async () => {
    stubApi(server({ user: person(42) }));
    await open();
    expect(await screen.findByRole('heading', { name: 'Leave a Review' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report this listing' })).toBeTruthy();
  });

  it('the host sees the reviews and their marks, but no review form and no report link', async () => {
    stubApi(server({ user: person(HOST_ID) }));
    await open();
    await screen.findByText('Looks lovely from the street.');
    expect(screen.getByText('No verified stay')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Leave a Review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report this listing' })).toBeNull();
  });

  it('a missing listing says so and offers the list; a malformed id asks the server nothing', async () => {
    stubApi(server());
    const first = await open(404);
    expect(await screen.findByRole('heading', { name: 'Error Loading Listing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse All Listings' }).getAttribute('href')).toBe('/listings');
    first.unmount();
    const calls = stubApi(server());
    await open('abc');
    expect(await screen.findByRole('heading', { name: 'Error Loading Listing' })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/listings'))).toBe(false);
  });
});
