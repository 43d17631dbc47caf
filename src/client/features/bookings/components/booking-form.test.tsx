import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiHandler, renderAt, stubApi } from '#client/testing/render.tsx';
import { DEFAULT_AGREEMENT } from '#shared/agreement-defaults.ts';
import type { StayQuote } from '#shared/stay-quote.ts';
import type { BookableListing } from './booking-card.tsx';
import { BookingCard } from './booking-card.tsx';
import { BookingForm } from './booking-form.tsx';

// The booking form's rules (ADR 045, 052): every amount is the server's quote for the dates asked,
// the pay button names that amount, the server's refusal of dates is shown as it words it, and a
// signed-out visitor is asked to sign in.

const listing = (over: Partial<BookableListing> = {}): BookableListing => ({
  id: 7,
  userId: 5,
  type: 'rental',
  price: 40,
  workHours: null,
  bookingMode: 'instant',
  cancellationPolicy: 'moderate',
  seasonStart: null,
  seasonEnd: null,
  agreement: DEFAULT_AGREEMENT,
  title: 'Sunny raised beds',
  city: 'Portland',
  state: 'OR',
  size: '200 sq ft',
  plots: 1,
  ...over,
});

// A quote as the server words it; deliberately not price x months, so a screen doing its own
// arithmetic would show other figures.
const quoteFor = (url: URL, over: Partial<StayQuote> = {}): StayQuote => {
  const months = Number(url.searchParams.get('months') ?? 1);
  const monthly = url.searchParams.get('paymentPlan') === 'monthly';
  return {
    listingId: 7,
    type: 'rental',
    start: url.searchParams.get('start') ?? '2026-12-01',
    end: null,
    months,
    paymentPlan: monthly ? 'monthly' : 'whole',
    pricePerMonth: 4321,
    amount: 4321 * months + 7,
    fee: 260 * months,
    feePercent: 6,
    total: 4321 * months + 260 * months + 11,
    dueNow: monthly ? 4590 : 4321 * months + 260 * months + 11,
    charges: [],
    releases: [],
    ...over,
  };
};

type Quote = (url: URL) => { status?: number; body?: unknown } | undefined;

function api(
  quote: Quote = (url) => ({ body: quoteFor(url) }),
  extra: ApiHandler = () => undefined,
): ApiHandler {
  return (method, url, body) => {
    if (url.pathname === '/api/listings/7/quote') return quote(url);
    if (url.pathname === '/api/listings/7/availability') return { body: { months: [], plots: 1 } };
    if (url.pathname === '/api/payment-terms') return { body: { holdDays: 7 } };
    return extra(method, url, body);
  };
}

const payButton = () =>
  screen.getByRole('button', { name: /Pay with Crypto|Book and pay|Loading|Request to|Join/ });

describe('BookingForm', () => {
  it('names the server quote on the pay button, never a sum of its own, and waits for it', async () => {
    const calls = stubApi(api());
    await renderAt(<BookingForm listing={listing()} />, { path: '/listings/7', route: '/listings/:id' });
    // Before the quote: no amount to name, so no button to press.
    expect(payButton().textContent).toMatch(/Loading/);
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(payButton().textContent).toBe('Pay with Crypto ($43.21 + 6% fee)'));
    expect(screen.getByTestId('booking-total').textContent).toBe(`$${((4321 + 260 + 11) / 100).toFixed(2)}`);
    expect(
      calls.some(
        (c) => c.url.pathname === '/api/listings/7/quote' && c.url.searchParams.get('months') === '1',
      ),
    ).toBe(true);
  });

  it('asks the server again when the months change, and pays what it quotes for them', async () => {
    const calls = stubApi(api());
    await renderAt(<BookingForm listing={listing()} />, { path: '/listings/7', route: '/listings/:id' });
    fireEvent.change(screen.getByLabelText('Months'), { target: { value: '3' } });
    await waitFor(() =>
      expect(payButton().textContent).toBe(
        `Book and pay $${((4321 * 3 + 260 * 3 + 11) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      ),
    );
    expect(calls.some((c) => c.url.searchParams.get('months') === '3')).toBe(true);
  });

  it('shows the server refusal of the dates as it words it, and names no amount', async () => {
    stubApi(api(() => ({ status: 400, body: { message: 'The start date must be today or later' } })));
    await renderAt(<BookingForm listing={listing()} />, { path: '/listings/7', route: '/listings/:id' });
    // The server's words alone: never the status and the raw body.
    expect((await screen.findByRole('alert')).textContent).toBe('The start date must be today or later');
    expect(screen.queryByTestId('booking-total')).toBeNull();
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('a work exchange needs the grower skills before asking, and sends nothing without them', async () => {
    const calls = stubApi(api());
    await renderAt(
      <BookingForm
        listing={listing({ type: 'exchange', price: null, workHours: 6, bookingMode: 'request' })}
      />,
      {
        path: '/listings/7',
        route: '/listings/:id',
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Request to join' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tell the host about your skills');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(calls.some((c) => c.url.pathname.endsWith('/quote'))).toBe(false);
  });

  it('a request to book sends the dates and months asked, and no amount', async () => {
    const calls = stubApi(
      api(undefined, (method, url) =>
        method === 'POST' && url.pathname === '/api/bookings'
          ? { status: 201, body: { id: 99, status: 'requested' } }
          : undefined,
      ),
    );
    await renderAt(<BookingForm listing={listing({ bookingMode: 'request' })} />, {
      path: '/listings/7',
      route: '/listings/:id',
    });
    fireEvent.change(screen.getByLabelText('Rental start date (optional)'), {
      target: { value: '2030-05-01' },
    });
    fireEvent.change(screen.getByLabelText('Months'), { target: { value: '2' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Request to book' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ listingId: 7, start: '2030-05-01', months: 2 });
  });

  it('an open-ended community plot starts with no months and asks for no quote', async () => {
    const calls = stubApi(api());
    await renderAt(
      <BookingForm listing={listing({ type: 'community', price: null, bookingMode: 'instant' })} />,
      {
        path: '/listings/7',
        route: '/listings/:id',
      },
    );
    expect((screen.getByLabelText('Months') as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Join this garden' })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/quote'))).toBe(false);
  });
});

describe('BookingCard signed out', () => {
  it('asks to sign in, returning to the listing, and shows no form', async () => {
    stubApi(
      api(undefined, (_m, url) =>
        url.pathname === '/api/user' ? { status: 401, body: { message: 'No' } } : undefined,
      ),
    );
    await renderAt(<BookingCard listing={listing()} />, { path: '/listings/7', route: '/listings/:id' });
    const link = await screen.findByRole('link', { name: 'Sign in to book' });
    expect(link.getAttribute('href')).toBe('/auth?next=/listings/7');
    expect(screen.queryByRole('form', { name: 'Book this space' })).toBeNull();
    expect(within(document.body).queryByRole('button', { name: /Pay with Crypto/ })).toBeNull();
  });
});
