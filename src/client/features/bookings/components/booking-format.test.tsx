import { describe, expect, it } from 'vitest';
import { testI18n } from '#client/testing/render.tsx';
import { type Booking, type BookingEvent, PAYOUT_RELEASED_NOTE } from '#shared/bookings.ts';
import { eventText } from './booking-format.ts';

const booking = {
  type: 'rental',
  grower: { id: 1, name: 'Gail', avatar: null },
  host: { id: 2, name: 'Hank', avatar: null },
} as unknown as Booking;

const refund = (note: string): BookingEvent => ({
  id: 1,
  action: 'refund',
  fromStatus: 'active',
  toStatus: 'active',
  actor: 'system',
  note,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('eventText: a refund the released payout stopped', () => {
  it('reads the stored marker in every language, never the English note', async () => {
    const english = eventText(refund(PAYOUT_RELEASED_NOTE), booking, await testI18n('en'));
    expect(english).toBe(PAYOUT_RELEASED_NOTE);
    for (const locale of ['es', 'fr', 'de', 'ja'] as const) {
      const text = eventText(refund(PAYOUT_RELEASED_NOTE), booking, await testI18n(locale));
      expect(text, locale).not.toBe(english);
      expect(text, locale).not.toMatch(/payout|released|refund/i);
    }
  });

  it('shows an amount refunded in the reader language', async () => {
    expect(eventText(refund('Refund of 1250 cents'), booking, await testI18n('de'))).toMatch(/12,50/);
  });
});
