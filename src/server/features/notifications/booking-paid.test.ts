import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/bookings.ts';
import { mailOutbox, notifications, users } from '../../db/schema.ts';
import { mailLang } from '../../mail/lang.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { shortDay } from './booking-facts.ts';

// "Booking paid" states the payment's real hold (PAYOUT_HOLD_HOURS, here 36) and what is true
// now: no payout before the hold ends; never "released" or "sent".
const kit = await paymentsKit({ PAYOUT_HOLD_HOURS: '36' });
const { app, db, book, checkout, press, paymentOf } = kit;
const HOUR = 3_600_000;

async function paidBooking(hostLanguage?: 'de') {
  const host = await registerUser(app);
  if (hostLanguage)
    await db.db.update(users).set({ language: hostLanguage }).where(eq(users.id, host.user.id));
  const grower = await registerUser(app);
  const listing = await insertListing(db, host.user.id, { images: [], price: 120 });
  const start = todayUtc(new Date(Date.now() + 10 * 86_400_000));
  const b = await book(listing.id, start, 1, grower.cookie);
  const { invoiceId } = await checkout(b.id, grower.cookie);
  expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
  const p = await paymentOf(invoiceId);
  const [n] = await db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, host.user.id), eq(notifications.kind, 'booking_paid')));
  const [mail] = await db.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, host.user.id), eq(mailOutbox.kind, 'booking_paid')));
  return { start, p, n, mail };
}

describe('the "booking paid" notice', () => {
  it('says how long the payment is held, until when, and that no payout is scheduled before then', async () => {
    const { start, p, n, mail } = await paidBooking();
    expect(p.releaseAt!.getTime()).toBe(new Date(`${start}T00:00:00Z`).getTime() + 36 * HOUR);
    const until = mailLang('en').at(p.releaseAt!);
    expect(until).toMatch(/ 12:00 PM UTC$/);
    const text = `The booking from ${shortDay(start)} is confirmed. The payment is held until ${until}, 36 hours after the start; no payout is scheduled before then.`;
    expect(n.body).toBe(text);
    expect(mail.text).toContain(text);
    expect(n.body).not.toMatch(/released|a day after|sent/);
  });

  it('is written in the host’s language with the same hold', async () => {
    const { p, n } = await paidBooking('de');
    expect(n.body).toContain(
      `bis ${mailLang('de').at(p.releaseAt!)} einbehalten, 36 Stunden nach dem Beginn`,
    );
  });
});
