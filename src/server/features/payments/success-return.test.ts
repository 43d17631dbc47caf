import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/bookings.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { successUrl } from './payments.checkout.ts';

// The checkout returns to /payment/success?booking=<id>; the page reads that booking's payment from
// GET /api/payments, which holds only the signed-in user's own payments.
const kit = await paymentsKit();
const { app, host, renter, stranger, listing, book, checkout, press } = kit;

const DAY = 86_400_000;
type View = { bookingId: number | null; status: string; payout: string; releaseAt: string | null };
const mine = async (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/payments', headers: cookie ? { cookie } : {} });
const ofBooking = (list: View[], id: number) => list.filter((p) => p.bookingId === id);

describe('the return to the success page', () => {
  it('names the booking in the return URL', () => {
    expect(successUrl('/payment/success', 7)).toBe('/payment/success?booking=7');
    expect(successUrl('https://ys.example/payment/success?x=1', 7)).toBe(
      'https://ys.example/payment/success?x=1&booking=7',
    );
  });

  it('the payer reads the paid booking, pending then completed and held until releaseAt; nobody else does', async () => {
    const l = await listing();
    const start = todayUtc(new Date(Date.now() + 5 * DAY));
    const b = await book(l.id, start, 1);
    const { invoiceId } = await checkout(b.id);

    const before = (await mine(renter.cookie)).json().asRenter as View[];
    expect(ofBooking(before, b.id)).toEqual([
      expect.objectContaining({ status: 'pending', payout: 'none', releaseAt: null }),
    ]);

    const paid = await press(invoiceId, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment/success?booking=${b.id}`);

    const after = (await mine(renter.cookie)).json().asRenter as View[];
    const [p] = ofBooking(after, b.id);
    expect(p).toMatchObject({ status: 'completed', payout: 'held' });
    // Held until 24 hours after the rental start, as the server computed it.
    expect(p!.releaseAt).toBe(new Date(Date.parse(`${start}T00:00:00Z`) + DAY).toISOString());

    // Another user: not in their list, as renter or host.
    const other = (await mine(stranger.cookie)).json() as { asRenter: View[]; asHost: View[] };
    expect(ofBooking(other.asRenter, b.id)).toHaveLength(0);
    expect(ofBooking(other.asHost, b.id)).toHaveLength(0);
    // The host sees it as host only, never as the payer.
    const theirs = (await mine(host.cookie)).json() as { asRenter: View[]; asHost: View[] };
    expect(ofBooking(theirs.asRenter, b.id)).toHaveLength(0);
    expect(ofBooking(theirs.asHost, b.id)).toHaveLength(1);
    // Signed out: nothing.
    expect((await mine()).statusCode).toBe(401);
  });
});
