import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '#client/lib/format.ts';
import { getToasts } from '#client/lib/toast-store.ts';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import type { MyWaitlist } from '#shared/waitlists.ts';
import { WaitlistPlace } from './waitlist-place.tsx';

configure({ asyncUtilTimeout: 5000 });

// The grower's place and offer (ADR 049): the number in line as the server counts it, the offer's
// dates and expiry as a time, accept (to the booking) and decline.
const waiting: MyWaitlist = {
  id: 5,
  listingId: 7,
  start: '2027-03-01',
  months: null,
  note: null,
  position: 3,
  status: 'waiting',
  offer: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  listing: { id: 7, title: 'Maple Street Garden', city: 'Portland', type: 'community' },
};
const offer = { id: 11, expiresAt: '2027-03-03T15:05:00.000Z', start: '2027-03-01', end: '2027-06-01' };
const offered: MyWaitlist = { ...waiting, position: 1, status: 'offered', offer };

function setup(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: string[] = [];
  stubApi((method, url) => {
    calls.push(`${method} ${url.pathname}`);
    const answer = answers[`${method} ${url.pathname}`];
    if (answer) return answer;
    if (method === 'GET') return { body: { items: [] } };
    return undefined;
  });
  return calls;
}

describe('WaitlistPlace and its offer', { timeout: 20_000 }, () => {
  it('says the place in line the server counted, with the listing and the dates wanted', async () => {
    setup({});
    await renderAt(<WaitlistPlace entry={waiting} withListing />);
    expect(screen.getByText('You are number 3 in line')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Maple Street Garden' }).getAttribute('href')).toBe(
      '/listings/7',
    );
    expect(screen.getByText('Dates wanted: From Mar 1, 2027, open-ended')).toBeTruthy();
    expect(screen.queryByTestId('waitlist-offer')).toBeNull();
  });

  it('shows the offer with its dates and the time it lapses, and accepting opens the booking', async () => {
    const calls = setup({ 'POST /api/waitlist-offers/11/accept': { status: 201, body: { bookingId: 42 } } });
    const { router } = await renderAt(<WaitlistPlace entry={offered} />, { path: '/listings/7', route: '*' });
    const card = screen.getByTestId('waitlist-offer');
    // The last day is the one before the (exclusive) end.
    expect(card.textContent).toContain('Mar 1, 2027 – May 31, 2027');
    const time = card.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(offer.expiresAt);
    expect(time?.textContent).toBe(formatDateTime(offer.expiresAt, 'en'));
    expect(time?.textContent).toMatch(/\d{1,2}:\d{2}/);
    await userEvent.click(screen.getByRole('button', { name: 'Accept the plot' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/42'));
    expect(calls).toContain('POST /api/waitlist-offers/11/accept');
  });

  it('declines, and says why an offer can no longer be taken', async () => {
    const calls = setup({
      'POST /api/waitlist-offers/11/decline': { body: { items: [] } },
      'POST /api/waitlist-offers/11/accept': {
        status: 409,
        body: { message: 'This offer has expired', code: 'OFFER_EXPIRED' },
      },
    });
    await renderAt(<WaitlistPlace entry={offered} />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept the plot' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This offer has expired');
    // Declining asks first (ADR 059): cancelling it sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this plot?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the offer' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).not.toContain('POST /api/waitlist-offers/11/decline');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Decline the plot' }));
    await waitFor(() => expect(calls).toContain('POST /api/waitlist-offers/11/decline'));
  });

  it('declines with the reason given, sent for the host (ADR 059)', async () => {
    const sent: unknown[] = [];
    stubApi((method, url, body) => {
      if (method === 'POST' && url.pathname === '/api/waitlist-offers/11/decline') {
        sent.push(body);
        return { body: { items: [] } };
      }
      return method === 'GET' ? { body: { items: [] } } : undefined;
    });
    await renderAt(<WaitlistPlace entry={offered} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this plot?' });
    expect(dialog.textContent).toContain('The host is told your reason if you give one.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason.getAttribute('maxlength')).toBe('500');
    await userEvent.type(reason, 'Moving away in May');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline the plot' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Moving away in May' }]));
    await waitFor(() => expect(getToasts().map((x) => x.title)).toContain('Offer declined'));
  });

  it('leaves the list after asking', async () => {
    const calls = setup({
      'DELETE /api/listings/7/waitlist': { body: { message: 'You left the waiting list' } },
    });
    await renderAt(<WaitlistPlace entry={waiting} />);
    await userEvent.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/listings/7/waitlist'));
  });

  it('speaks the visitor language', async () => {
    setup({});
    await renderAt(<WaitlistPlace entry={waiting} />, { locale: 'fr' });
    expect(screen.getByText('Vous êtes numéro 3 dans la file')).toBeTruthy();
  });
});
