import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '#client/lib/toast-store.ts';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import { CalendarFeed } from './calendar-feed.tsx';

configure({ asyncUtilTimeout: 5000 });

// The grower's feed (ADR 048): its secret address is asked for only when the grower wants it.
describe('CalendarFeed', () => {
  it('fetches the address on demand and shows it', async () => {
    const url = 'http://localhost/api/calendars/abcdefghijklmnopqrstuvwx.ics';
    const calls = stubApi((method, u) =>
      method === 'GET' && u.pathname === '/api/users/me/calendar' ? { body: { url } } : undefined,
    );
    await renderAt(<CalendarFeed />);
    expect(calls).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Your stays in your calendar' }));
    expect(await screen.findByDisplayValue(url)).toBeTruthy();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/users/me/calendar']);
  });

  it('resets the address after asking, shows the new one and says so', async () => {
    const old = 'http://localhost/api/calendars/abcdefghijklmnopqrstuvwx.ics';
    const fresh = 'http://localhost/api/calendars/zyxwvutsrqponmlkjihgfedc.ics';
    const calls = stubApi((method, u) => {
      if (method === 'GET' && u.pathname === '/api/users/me/calendar') return { body: { url: old } };
      if (method === 'POST' && u.pathname === '/api/users/me/calendar/reset') return { body: { url: fresh } };
      return undefined;
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await renderAt(<CalendarFeed />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Your stays in your calendar' }));
    expect(await screen.findByDisplayValue(old)).toBeTruthy();
    // Declined: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByDisplayValue(fresh)).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith('Make a new address? The old one stops working at once.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/users/me/calendar/reset',
    ]);
    await waitFor(() => expect(getToasts()[0]?.title).toBe('New calendar address made'));
    confirm.mockRestore();
  });

  it('speaks the grower language', async () => {
    stubApi(() => undefined);
    await renderAt(<CalendarFeed />, { locale: 'fr' });
    expect(screen.getByRole('button', { name: 'Vos séjours dans votre agenda' })).toBeTruthy();
  });
});
