import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/bookings.ts';
import type { Notification, NotificationKind } from '#shared/notifications.ts';
import { bookingEvents, bookings, mailOutbox, payoutMethods } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { paymentsKit, quietLog } from '../../testing/payments.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { PaymentsService } from '../payments/index.ts';
import { shortDay } from './booking-facts.ts';

// One notification per kind of event, to the right person (never the one who acted), with the
// right link, written in the event's transaction.
const kit = await paymentsKit();
const { app, db, book, act, checkout, press, paymentOf, refund } = kit;

const DAY = 86_400_000;
const day = (n: number) => todayUtc(new Date(Date.now() + n * DAY));
type Who = { cookie: string; user: { id: number } };

const bell = async (who: Who): Promise<Notification[]> => {
  const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
};
const ofKind = async (who: Who, kind: NotificationKind) => (await bell(who)).filter((n) => n.kind === kind);
const mailsOf = (who: Who, kind: NotificationKind) =>
  db.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, who.user.id), eq(mailOutbox.kind, kind)));

// A host and a grower with real names, and a listing of the host's.
async function pair(over: Parameters<typeof insertListing>[2] = {}) {
  const host = await registerUser(app, { name: 'Alex Rivera' });
  const grower = await registerUser(app, { name: 'Maria Lopez' });
  const listing = await insertListing(db, host.user.id, { images: [], price: 120, ...over });
  return { host, grower, listing };
}

describe('booking notifications', () => {
  it('booking_requested: the host hears of a request, with the grower, the listing and the date', async () => {
    const { host, grower, listing } = await pair({ bookingMode: 'request' });
    const b = await book(listing.id, day(10), 2, grower.cookie);
    const [n] = await ofKind(host, 'booking_requested');
    expect(shortDay('2026-03-01')).toBe('Mar 1');
    expect(n).toMatchObject({
      title: `Maria requested Sunny raised beds behind a bungalow from ${shortDay(day(10))}`,
      link: `/bookings/${b.id}`,
      read: false,
      count: 1,
      actor: { id: grower.user.id, displayName: 'Maria' },
    });
    expect(await bell(grower)).toEqual([]);
    // E-mailed by default, with the one-click unsubscribe headers.
    const mails = await db.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, host.user.id), eq(mailOutbox.kind, 'booking_requested')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'booking_requested', toAddress: host.input.email });
    expect(mails[0].text).toContain(`/bookings/${b.id}`);
  });

  it('booking_requested: an instant booking tells the host too', async () => {
    const { host, grower, listing } = await pair();
    const b = await book(listing.id, day(10), 1, grower.cookie);
    expect(b.status).toBe('accepted');
    const [n] = await ofKind(host, 'booking_requested');
    expect(n.title).toMatch(/^Maria booked Sunny raised beds/);
    expect(n.link).toBe(`/bookings/${b.id}`);
    expect(await bell(grower)).toEqual([]);
  });

  it('booking_accepted and booking_declined go to the grower', async () => {
    const { host, grower, listing } = await pair({ bookingMode: 'request' });
    const b = await book(listing.id, day(10), 1, grower.cookie);
    expect((await act(b.id, 'accept', host.cookie)).statusCode).toBe(200);
    const [accepted] = await ofKind(grower, 'booking_accepted');
    expect(accepted).toMatchObject({ link: `/bookings/${b.id}`, actor: { id: host.user.id } });
    expect(accepted.title).toMatch(/^Alex accepted your request for Sunny raised beds/);
    expect(await ofKind(host, 'booking_accepted')).toEqual([]);

    const other = await insertListing(db, host.user.id, { images: [], bookingMode: 'request' });
    const d = await book(other.id, day(10), 1, grower.cookie);
    expect((await act(d.id, 'decline', host.cookie)).statusCode).toBe(200);
    const [declined] = await ofKind(grower, 'booking_declined');
    expect(declined.link).toBe(`/bookings/${d.id}`);
    expect(await ofKind(host, 'booking_declined')).toEqual([]);
  });

  it('booking_cancelled goes to the other party: a withdrawn request to the host, a host cancellation to the grower', async () => {
    const { host, grower, listing } = await pair({ bookingMode: 'request' });
    const b = await book(listing.id, day(10), 1, grower.cookie);
    expect((await act(b.id, 'withdraw', grower.cookie)).statusCode).toBe(200);
    const [withdrawn] = await ofKind(host, 'booking_cancelled');
    expect(withdrawn).toMatchObject({
      link: `/bookings/${b.id}`,
      title: expect.stringMatching(/^Maria withdrew/),
    });
    expect(await ofKind(grower, 'booking_cancelled')).toEqual([]);

    const c = await book(listing.id, day(10), 1, grower.cookie);
    await act(c.id, 'accept', host.cookie);
    expect((await act(c.id, 'cancel', host.cookie)).statusCode).toBe(200);
    const [cancelled] = await ofKind(grower, 'booking_cancelled');
    expect(cancelled).toMatchObject({
      link: `/bookings/${c.id}`,
      title: expect.stringMatching(/^Alex cancelled/),
    });
    expect(await ofKind(host, 'booking_cancelled')).toHaveLength(1);
  });

  it('booking_paid goes to the host when the payment completes the booking; payment_refunded to the grower', async () => {
    const { host, grower, listing } = await pair();
    const b = await book(listing.id, day(10), 1, grower.cookie);
    const { invoiceId } = await checkout(b.id, grower.cookie);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    const [paid] = await ofKind(host, 'booking_paid');
    expect(paid).toMatchObject({
      link: `/bookings/${b.id}`,
      title: expect.stringMatching(/^Maria paid for/),
    });
    expect(await ofKind(grower, 'booking_paid')).toEqual([]);

    const p = await paymentOf(invoiceId);
    expect((await refund(p.id, host.cookie)).statusCode).toBe(200);
    const [refunded] = await ofKind(grower, 'payment_refunded');
    expect(refunded).toMatchObject({ link: `/bookings/${b.id}`, actor: { id: host.user.id } });
    expect(refunded.title).toMatch(/^Refund of \$127\.20 for Sunny raised beds/);
    expect(await ofKind(host, 'payment_refunded')).toEqual([]);
    // The refund cancelled the booking: the grower hears of that too.
    expect(await ofKind(grower, 'booking_cancelled')).toHaveLength(1);
  });

  it('payout_released tells the host the payout is scheduled when the hold ends (never "on its way")', async () => {
    const { host, grower, listing } = await pair();
    const b = await book(listing.id, day(1), 1, grower.cookie);
    const { invoiceId } = await checkout(b.id, grower.cookie);
    await press(invoiceId, 'pay');
    const p = await paymentOf(invoiceId);
    await db.db.insert(payoutMethods).values({
      userId: host.user.id,
      type: 'bitcoin',
      destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    const service = new PaymentsService(db.db, { id: 'sandbox' } as PaymentProvider, quietLog, {
      notifier: app.notices,
      bookings: app.bookings,
    });
    expect(await service.releaseDue(new Date(p.releaseAt!.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    const [n] = await ofKind(host, 'payout_released');
    expect(n).toMatchObject({
      link: '/earnings',
      body: "$120.00 for Maria's rental is scheduled. We will tell you as soon as it is sent.",
    });
    expect(await ofKind(grower, 'payout_released')).toEqual([]);
  });

  it('booking_expired tells both parties, from the expiry job', async () => {
    const { host, grower, listing } = await pair({ bookingMode: 'request' });
    const b = await book(listing.id, day(10), 1, grower.cookie);
    const ran = await app.jobs.tick(new Date(Date.now() + 80 * 3_600_000));
    expect(ran).toContain('bookings.expire');
    const [g] = await ofKind(grower, 'booking_expired');
    const [h] = await ofKind(host, 'booking_expired');
    expect(g).toMatchObject({ link: `/bookings/${b.id}`, title: expect.stringMatching(/^Your request for/) });
    expect(h).toMatchObject({
      link: `/bookings/${b.id}`,
      title: expect.stringMatching(/^Maria's request for/),
    });
  });
});

describe('hours notifications', () => {
  it('hours_logged to the host; hours_confirmed and hours_disputed to the grower', async () => {
    const { host, grower, listing } = await pair({ type: 'exchange', price: null, workHours: 6 });
    const b = await book(listing.id, day(0), 1, grower.cookie);
    await act(b.id, 'accept', host.cookie);
    const log = (hours: number) =>
      app.inject({
        method: 'POST',
        url: `/api/bookings/${b.id}/hours`,
        headers: { cookie: grower.cookie },
        payload: { date: day(0), hours, note: 'Weeding' },
      });
    const first = (await log(2.5)).json();
    const second = (await log(1)).json();
    const logged = await ofKind(host, 'hours_logged');
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatchObject({
      link: `/bookings/${b.id}`,
      title: expect.stringMatching(/^Maria logged 2.5 hours/),
    });
    expect(await ofKind(grower, 'hours_logged')).toEqual([]);
    const decide = (id: number, d: string) =>
      app.inject({
        method: 'POST',
        url: `/api/bookings/${b.id}/hours/${id}/${d}`,
        headers: { cookie: host.cookie },
      });
    expect((await decide(first.id, 'confirm')).statusCode).toBe(200);
    expect((await decide(second.id, 'dispute')).statusCode).toBe(200);
    // A second decision is refused and notifies nobody.
    expect((await decide(second.id, 'confirm')).statusCode).toBe(409);
    const [confirmed] = await ofKind(grower, 'hours_confirmed');
    const disputed = await ofKind(grower, 'hours_disputed');
    expect(confirmed).toMatchObject({
      link: `/bookings/${b.id}`,
      title: expect.stringMatching(/^Alex confirmed your 2.5 hours/),
    });
    expect(disputed).toHaveLength(1);
    expect(disputed[0].title).toMatch(/^Alex disputed your 1 hour/);
    expect(await ofKind(host, 'hours_confirmed')).toEqual([]);

    // A dispute may say why (ADR 059): checked by the shared schema, kept on the entry, shown in
    // the grower's ledger and told in the notice and its e-mail.
    const third = (await log(3)).json();
    const dispute = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/bookings/${b.id}/hours/${third.id}/dispute`,
        headers: { cookie: host.cookie },
        payload: payload as object,
      });
    expect((await dispute({ reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await dispute({ reason: ['no'] })).statusCode).toBe(400);
    const res = await dispute({ reason: ' I was away that day: nobody worked. ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'disputed',
      disputeReason: 'I was away that day: nobody worked.',
    });
    const ledger = await app.inject({
      method: 'GET',
      url: `/api/bookings/${b.id}/hours`,
      headers: { cookie: grower.cookie },
    });
    const entries = ledger.json().entries as { id: number; disputeReason: string | null }[];
    expect(entries.find((e) => e.id === third.id)?.disputeReason).toBe('I was away that day: nobody worked.');
    // The one disputed without a reason has none.
    expect(entries.find((e) => e.id === second.id)?.disputeReason).toBeNull();
    const [latest] = await ofKind(grower, 'hours_disputed');
    expect(latest.body).toMatch(
      /Talk it over in Messages\. Reason given: “I was away that day: nobody worked\.”$/,
    );
    const mails = await mailsOf(grower, 'hours_disputed');
    expect(mails.at(-1)?.text).toContain('Reason given: “I was away that day: nobody worked.”');
  });
});

describe('review notifications', () => {
  it('review_received: a review of a listing goes to its host (once, not again for an edit)', async () => {
    const { host, grower, listing } = await pair();
    const post = (rating: number) =>
      app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { cookie: grower.cookie },
        payload: { listingId: listing.id, rating, comment: 'Lovely soil' },
      });
    expect((await post(5)).statusCode).toBe(201);
    expect((await post(4)).statusCode).toBe(200);
    const list = await ofKind(host, 'review_received');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      link: `/listings/${listing.id}`,
      title: 'Maria reviewed Sunny raised beds behind a bungalow',
      body: '5 stars: “Lovely soil”',
    });
    expect(await bell(grower)).toEqual([]);
    // The grower never stayed: the host's e-mail says so, as the listing marks the review (ADR 050).
    const [mail] = await mailsOf(host, 'review_received');
    expect(mail.text).toContain('No verified stay: this review does not come from a stay booked through');
    expect(mail.html).toContain('No verified stay');
  });

  it('review_received: blind booking reviews reach the reviewed party when revealed', async () => {
    const { host, grower, listing } = await pair();
    const [b] = await db.db
      .insert(bookings)
      .values({
        listingId: listing.id,
        growerId: grower.user.id,
        hostId: host.user.id,
        type: 'rental',
        status: 'completed',
        start: '2026-01-01',
        end: '2026-02-01',
        months: 1,
      })
      .returning();
    await db.db.insert(bookingEvents).values({
      bookingId: b.id,
      action: 'complete',
      fromStatus: 'active',
      toStatus: 'completed',
      actor: 'system',
    });
    const write = (who: Who, path: string, comment: string) =>
      app.inject({
        method: 'POST',
        url: `/api/bookings/${b.id}/${path}`,
        headers: { cookie: who.cookie },
        payload: { rating: 5, comment },
      });
    expect((await write(host, 'review', 'A careful grower')).statusCode).toBe(201);
    // Still blind: nobody has been told.
    expect(await ofKind(grower, 'review_received')).toEqual([]);
    expect((await write(grower, 'listing-review', 'Great beds')).statusCode).toBe(201);
    const [ofGrower] = await ofKind(grower, 'review_received');
    expect(ofGrower).toMatchObject({
      link: `/bookings/${b.id}`,
      actor: { id: host.user.id },
      body: '5 stars: “A careful grower”',
    });
    const [ofListing] = await ofKind(host, 'review_received');
    expect(ofListing).toMatchObject({ link: `/listings/${listing.id}`, actor: { id: grower.user.id } });
    // A review from a stay: the e-mail has no such line.
    const [mail] = await mailsOf(host, 'review_received');
    expect(mail.text).toContain('Great beds');
    expect(mail.text).not.toContain('No verified stay');
  });
});
