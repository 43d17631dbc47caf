import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import type { CalendarImport, ListingCalendar } from '#shared/calendars.ts';
import { CalendarSync } from './calendar-sync.tsx';

configure({ asyncUtilTimeout: 5000 });

// The host's Calendar sync (ADR 048): the export address, each import's last read and error in
// the host's language, and adding a feed sends its address as typed.
const read: CalendarImport = {
  id: 1,
  url: 'https://www.airbnb.test/calendar/ical/1.ics',
  lastReadAt: '2026-11-20T10:00:00.000Z',
  error: null,
  errorCode: null,
  blockedRanges: 2,
};
const failing: CalendarImport = {
  id: 2,
  url: 'https://hipcamp.test/feed.ics',
  lastReadAt: null,
  error: 'The feed is not an iCalendar file.',
  errorCode: 'NOT_CALENDAR',
  blockedRanges: 0,
};
const calendar: ListingCalendar = {
  exportUrl: 'http://localhost/api/calendars/secret123secret123.ics',
  imports: [read, failing],
};

function setup(locale: 'en' | 'de' = 'en') {
  const posted: unknown[] = [];
  stubApi((method, url, body) => {
    if (method === 'GET' && url.pathname === '/api/listings/7/calendar') return { body: calendar };
    if (method === 'POST' && url.pathname === '/api/listings/7/calendar/imports') {
      posted.push(body);
      return { status: 201, body: { ...read, id: 3, url: (body as { url: string }).url, lastReadAt: null } };
    }
    return undefined;
  });
  return { posted, view: renderAt(<CalendarSync listingId={7} />, { locale }) };
}

describe('CalendarSync', () => {
  it('shows the export address, when each feed was read and why one failed', async () => {
    await setup().view;
    expect(await screen.findByDisplayValue(calendar.exportUrl)).toBeTruthy();
    expect(screen.getByText(/^Last read /)).toBeTruthy();
    expect(screen.getByText('Not read yet')).toBeTruthy();
    expect(
      screen.getByText('The feed is not an iCalendar file. Check that you copied the export address.'),
    ).toBeTruthy();
  });

  it("says a feed's failure in the host's language", async () => {
    await setup('de').view;
    expect(await screen.findByText(/keine iCalendar-Datei/)).toBeTruthy();
  });

  it('adds a feed by its address', async () => {
    const { posted, view } = setup();
    await view;
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Add a calendar/), 'https://example.test/cal.ics');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    await waitFor(() => expect(posted).toEqual([{ url: 'https://example.test/cal.ics' }]));
  });
});
