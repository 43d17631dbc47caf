import { describe, expect, it } from 'vitest';
import { addMonths, type BookingStatus, todayUtc } from '#shared/bookings.ts';
import { silentNotifier } from '../../core/notifier.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { addPayoutMethod } from '../../testing/provider-apps.ts';
import { completeDue, expireDue, startDue } from './index.ts';

// Every booking state, walked as a grower and a host see it (ADR 045): what the booking, its
// agreement and its payment say follows from their one state. A booking that did not go ahead has
// no agreement in force and promises no address; a paid one says what is held; a finished one's
// agreement has ended; Earnings never shows a payout the host was not paid.
const kit = await paymentsKit({ SANDBOX_PAYOUT_PROCESSOR: 'none' });
const { app, db, host, renter, book, act, checkout, press, listing } = kit;
await addPayoutMethod(db, host.user.id);
const DAY = 86_400_000;
const day = (n: number) => todayUtc(new Date(Date.now() + n * DAY));
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

async function bookingIn(status: BookingStatus) {
  const l = await listing({
    bookingMode: ['requested', 'declined', 'withdrawn'].includes(status) ? 'request' : 'instant',
  });
  const start = ['active', 'completed'].includes(status) ? day(0) : day(20);
  const b = await book(l.id, start, 1);
  if (status === 'declined') await act(b.id, 'decline', host.cookie);
  if (status === 'withdrawn') await act(b.id, 'withdraw', renter.cookie);
  if (status === 'expired') await expireDue(db.db, new Date(Date.now() + 30 * DAY), silentNotifier);
  if (['paid', 'active', 'completed', 'cancelled'].includes(status)) {
    const { invoiceId } = await checkout(b.id);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
  }
  if (status === 'cancelled') await act(b.id, 'cancel', renter.cookie);
  if (status === 'active' || status === 'completed') await startDue(db.db, new Date());
  if (status === 'completed')
    await completeDue(db.db, new Date(Date.parse(`${addMonths(start, 1)}T12:00:00Z`)));
  return b;
}

const EXPECT: Partial<
  Record<BookingStatus, { agreement: string; address: boolean; payment: string | null }>
> = {
  accepted: { agreement: 'in_force', address: true, payment: null },
  requested: { agreement: 'awaiting', address: false, payment: null },
  declined: { agreement: 'void', address: false, payment: null },
  withdrawn: { agreement: 'void', address: false, payment: null },
  expired: { agreement: 'void', address: false, payment: null },
  paid: { agreement: 'in_force', address: true, payment: 'completed' },
  active: { agreement: 'in_force', address: true, payment: 'completed' },
  completed: { agreement: 'ended', address: true, payment: 'completed' },
  cancelled: { agreement: 'void', address: false, payment: 'refunded' },
};

describe('what every booking state says', () => {
  for (const [status, want] of Object.entries(EXPECT) as [BookingStatus, (typeof EXPECT)[BookingStatus]][])
    it(`${status}: the booking, its agreement and its payment agree`, async () => {
      const b = await bookingIn(status);
      for (const cookie of [renter.cookie, host.cookie]) {
        const detail = (await get(`/api/bookings/${b.id}`, cookie)).json();
        expect(detail.status).toBe(status);
        const agreement = (await get(`/api/bookings/${b.id}/agreement`, cookie)).json();
        expect(agreement.state, status).toBe(want!.agreement);
        expect(agreement.inForce).toBe(want!.agreement === 'in_force');
        if (want!.agreement === 'void') expect(agreement.address).toBeNull();
        expect(agreement.address !== null, status).toBe(want!.address);
        // The words are there whatever the state, in the reader's language.
        expect(agreement.text.licence).toContain('not a lease or tenancy');
        expect(detail.payment?.status ?? null).toBe(want!.payment);
        if (detail.payment?.status === 'completed') {
          // Held now (the hold has not ended in this test): no release, no payout paid.
          expect(detail.payment).toMatchObject({ releasedAt: null, releasedCents: 0 });
          expect(detail.payment.releaseAt).not.toBeNull();
        }
      }
      const earnings = (await get('/api/users/me/payouts', host.cookie)).json();
      for (const e of earnings.items.filter((i: { bookingId: number }) => i.bookingId === b.id)) {
        expect(e.state).not.toBe('paid');
        expect(e.proof).toBeNull();
      }
    });
});
