import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import type { MyWaitlist } from '#shared/waitlists.ts';
import { JoinWaitlist } from './join-waitlist.tsx';

configure({ asyncUtilTimeout: 5000 });

// Joining a full listing's waiting list (ADR 049): the booking card's dates prefilled, a note, and
// the server's word when a plot turns out to be free.
const joined: MyWaitlist = {
  id: 5,
  listingId: 7,
  start: '2027-03-01',
  months: 3,
  note: 'Tomatoes',
  position: 2,
  status: 'waiting',
  offer: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  listing: { id: 7, title: 'Sunny beds', city: 'Portland', type: 'rental' },
};

function setup(answer: { status: number; body: unknown }) {
  const posted: unknown[] = [];
  stubApi((method, url, body) => {
    if (method === 'POST' && url.pathname === '/api/listings/7/waitlist') {
      posted.push(body);
      return answer;
    }
    // What a join makes stale is read again.
    if (method === 'GET') return { body: { items: [joined] } };
    return undefined;
  });
  return posted;
}

describe('JoinWaitlist', () => {
  it("sends the booking card's dates and the note", async () => {
    const posted = setup({ status: 201, body: joined });
    await renderAt(
      <JoinWaitlist listingId={7} type="rental" stay={{ start: '2027-03-01', months: 3 }} refused />,
    );
    expect(screen.getByText('No plot is free for those dates.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2027-03-01');
    expect((screen.getByLabelText('Months') as HTMLSelectElement).value).toBe('3');
    await userEvent.type(screen.getByLabelText('Note to the host (optional)'), '  Tomatoes ');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await waitFor(() => expect(posted).toEqual([{ start: '2027-03-01', months: 3, note: 'Tomatoes' }]));
  });

  it('asks open-ended for a community garden when the card had no months', async () => {
    const posted = setup({ status: 201, body: { ...joined, months: null } });
    await renderAt(
      <JoinWaitlist
        listingId={7}
        type="community"
        stay={{ start: '2027-03-01', months: null }}
        refused={false}
      />,
    );
    expect(screen.getByText('Every plot is taken.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect((screen.getByLabelText('Months') as HTMLSelectElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await waitFor(() => expect(posted).toEqual([{ start: '2027-03-01', months: null }]));
  });

  it('says so when a plot is free for those dates after all', async () => {
    setup({
      status: 409,
      body: { message: 'A plot is free for those dates: book it instead.', code: 'PLOT_FREE' },
    });
    await renderAt(
      <JoinWaitlist listingId={7} type="rental" stay={{ start: '2027-03-01', months: 1 }} refused />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A plot is free for those dates: book it instead.',
    );
  });
});
