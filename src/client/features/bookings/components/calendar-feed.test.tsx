import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

  it('speaks the grower language', async () => {
    stubApi(() => undefined);
    await renderAt(<CalendarFeed />, { locale: 'fr' });
    expect(screen.getByRole('button', { name: 'Vos séjours dans votre agenda' })).toBeTruthy();
  });
});
