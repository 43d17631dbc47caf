import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import type { Booking, HoursEntry, HoursLedger as Ledger } from '#shared/bookings.ts';
import { HoursLedger } from './hours-ledger.tsx';

configure({ asyncUtilTimeout: 5000 });

// Disputing hours (ADR 059): the host is asked first, may give a reason, and the grower reads it.
const exchange = (role: 'host' | 'grower') =>
  ({
    id: 9,
    type: 'exchange',
    role,
    status: 'cancelled',
    hoursPerWeek: 5,
    start: '2026-11-02',
    end: '2026-12-28',
  }) as Booking;
const entry: HoursEntry = {
  id: 31,
  date: '2026-11-10',
  hours: 3,
  note: 'Weeding the beds',
  status: 'logged',
  createdAt: '2026-11-10T18:00:00.000Z',
  decidedAt: null,
  disputeReason: null,
};
const ledger = (e: HoursEntry): Ledger => ({
  hoursPerWeek: 5,
  entries: [e],
  weeks: [],
  totals: { committed: 0, logged: 3, confirmed: 0, disputed: e.status === 'disputed' ? 3 : 0 },
});

// A shared machine can be slow to render and type: each test gets up to 20 s.
describe('HoursLedger', { timeout: 20_000 }, () => {
  it('asks before disputing, and sends the reason given', async () => {
    const posts: { path: string; body: unknown }[] = [];
    stubApi((method, url, body) => {
      if (method === 'GET' && url.pathname === '/api/bookings/9/hours') return { body: ledger(entry) };
      if (method === 'POST') {
        posts.push({ path: url.pathname, body });
        return { body: { ...entry, status: 'disputed', disputeReason: 'Nobody was there' } };
      }
      return undefined;
    });
    await renderAt(<HoursLedger booking={exchange('host')} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Dispute these hours?' });
    expect(dialog.textContent).toContain('the grower is told, with your reason if you give one');
    // Keeping them sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep them logged' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Dispute' }));
    const again = await screen.findByRole('alertdialog');
    const reason = within(again).getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason.getAttribute('maxlength')).toBe('500');
    await user.type(reason, 'Nobody was there');
    await user.click(within(again).getByRole('button', { name: 'Dispute the hours' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { path: '/api/bookings/9/hours/31/dispute', body: { reason: 'Nobody was there' } },
      ]),
    );
  });

  it('disputes without a body when no reason is given', async () => {
    const posts: unknown[] = [];
    stubApi((method, url, body) => {
      if (method === 'GET' && url.pathname === '/api/bookings/9/hours') return { body: ledger(entry) };
      if (method === 'POST') {
        posts.push(body);
        return { body: { ...entry, status: 'disputed' } };
      }
      return undefined;
    });
    await renderAt(<HoursLedger booking={exchange('host')} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dispute' }));
    await user.click(await screen.findByRole('button', { name: 'Dispute the hours' }));
    await waitFor(() => expect(posts).toEqual([null]));
  });

  it('shows the grower the reason of a dispute', async () => {
    const disputed = { ...entry, status: 'disputed' as const, disputeReason: 'Nobody was there' };
    stubApi((method, url) =>
      method === 'GET' && url.pathname === '/api/bookings/9/hours' ? { body: ledger(disputed) } : undefined,
    );
    await renderAt(<HoursLedger booking={exchange('grower')} />);
    expect((await screen.findByTestId('hours-dispute-reason')).textContent).toBe(
      'Reason for the dispute: Nobody was there',
    );
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
  });
});
