import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/bookings.ts';
import { bookingAgreements, mailOutbox, notifications } from '../../db/schema.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { AGREEMENT_TEMPLATES } from './agreement-text.ts';

// The grow agreement (ADR 037): the host's part per listing, version 1 built from the listing and
// the request, accepted by each side, frozen, changed only by a new version both accept.
const kit = await paymentsKit();
const { app, db, host, renter, stranger, book, act, checkout, press, bookingOf } = kit;
const { admin } = await moderationKit(app, db);
const DAY = 86_400_000;
const day = (n: number) => todayUtc(new Date(Date.now() + n * DAY));

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const agreementOf = (id: number, cookie: string) => call('GET', `/api/bookings/${id}/agreement`, cookie);
const versionCount = async (id: number) =>
  (await db.db.select({ n: count() }).from(bookingAgreements).where(eq(bookingAgreements.bookingId, id)))[0]
    .n;

const rules = 'No pesticides. Close the gate.';

describe('the host’s part of the agreement', () => {
  it('has sensible defaults, and reads back as the host wrote it', async () => {
    const base = {
      title: 'Orchard corner',
      description: 'Apple trees and a bed.',
      location: '3 Oak St',
      city: 'Portland',
      state: 'OR',
      type: 'rental',
      price: 90,
    };
    const plain = await call('POST', '/api/listings', host.cookie, base);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().agreement).toMatchObject({
      houseRules: '',
      structuresAllowed: false,
      growerNoticeDays: 14,
      hostNoticeDays: 30,
    });
    const edited = await call('PATCH', `/api/listings/${plain.json().id}`, host.cookie, {
      agreement: { houseRules: rules, accessHours: '8am–6pm', structuresAllowed: true, hostNoticeDays: 45 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().agreement).toMatchObject({
      houseRules: rules,
      structuresAllowed: true,
      hostNoticeDays: 45,
    });
    const bad = await call('PATCH', `/api/listings/${plain.json().id}`, host.cookie, {
      agreement: { hostNoticeDays: 400 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/host notice must be between 0 and 180 days/i);
  });
});

describe('a booking’s agreement', () => {
  it('is built from the listing and the request, accepted by the grower, then by the host', async () => {
    const l = await kit.listing({
      bookingMode: 'request',
      cancellationPolicy: 'strict',
      size: '10x20 ft',
      agreement: { houseRules: rules, water: 'Rain barrel', growerNoticeDays: 7 },
    });
    const b = await book(l.id, day(10), 3);
    const first = await agreementOf(b.id, renter.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      bookingId: b.id,
      version: 1,
      inForce: false,
      hostAcceptedAt: null,
      proposal: null,
      parts: {
        type: 'rental',
        houseRules: rules,
        water: 'Rain barrel',
        size: '10x20 ft',
        start: day(10),
        months: 3,
        pricePerMonth: 12_000,
        cancellationPolicy: 'strict',
        structuresAllowed: false,
        growerNoticeDays: 7,
        hostNoticeDays: 30,
      },
    });
    expect(first.json().growerAcceptedAt).toEqual(expect.any(String));

    // Frozen: the listing's later change does not reach the booking.
    await call('PATCH', `/api/listings/${l.id}`, host.cookie, { agreement: { houseRules: 'Changed' } });
    expect((await act(b.id, 'accept', host.cookie)).statusCode).toBe(200);
    const accepted = (await agreementOf(b.id, host.cookie)).json();
    expect(accepted).toMatchObject({ version: 1, inForce: true, parts: { houseRules: rules } });
    expect(accepted.hostAcceptedAt).toEqual(expect.any(String));
  });

  it('an instant booking is accepted by both at once; an operator may read it, nobody else', async () => {
    const l = await kit.listing({ bookingMode: 'instant' });
    const b = await book(l.id, day(5), 1);
    expect((await agreementOf(b.id, host.cookie)).json().inForce).toBe(true);
    expect((await agreementOf(b.id, admin.cookie)).statusCode).toBe(200);
    expect((await agreementOf(b.id, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/bookings/${b.id}/agreement`)).statusCode).toBe(401);
  });

  it('shows the street address to both parties once accepted and paid, city and state before; operators always', async () => {
    const l = await kit.listing({ bookingMode: 'request', location: '42 Quince Lane' });
    const b = await book(l.id, day(10), 1);
    const addressFor = async (cookie: string) => {
      const res = await agreementOf(b.id, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    for (const who of [renter, host]) {
      const res = await addressFor(who.cookie);
      expect(res.json().address).toBeNull();
      expect(res.json().parts.place).toBe('Portland, OR');
      expect(res.body).not.toContain('Quince');
    }
    expect((await addressFor(admin.cookie)).json().address).toBe('42 Quince Lane');

    expect((await act(b.id, 'accept', host.cookie)).statusCode).toBe(200);
    for (const who of [renter, host, admin])
      expect((await addressFor(who.cookie)).json().address).toBe('42 Quince Lane');

    const { invoiceId } = await checkout(b.id);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    expect((await bookingOf(b.id)).status).toBe('paid');
    for (const who of [renter, host])
      expect((await addressFor(who.cookie)).json().address).toBe('42 Quince Lane');
    expect((await agreementOf(b.id, stranger.cookie)).statusCode).toBe(404);
  });

  it('a change is a new version, in force once the other side accepts it', async () => {
    const l = await kit.listing({ bookingMode: 'instant', agreement: { houseRules: rules } });
    const b = await book(l.id, day(5), 2);
    const proposed = await call('POST', `/api/bookings/${b.id}/agreement`, host.cookie, {
      tools: 'Shed key under the pot',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ version: 1, proposal: { version: 2, proposedBy: 'host' } });
    expect(proposed.json().proposal.growerAcceptedAt).toBeNull();
    const ok = await call('POST', `/api/bookings/${b.id}/agreement/accept`, renter.cookie, { version: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      version: 2,
      inForce: true,
      proposal: null,
      parts: { tools: 'Shed key under the pot', houseRules: rules, hostNoticeDays: 30 },
    });
    const again = await call('POST', `/api/bookings/${b.id}/agreement/accept`, renter.cookie, { version: 2 });
    expect(again.statusCode).toBe(409);
  });

  it('a third party’s change or acceptance is refused and changes nothing', async () => {
    const l = await kit.listing({ bookingMode: 'instant' });
    const b = await book(l.id, day(5), 1);
    const before = await versionCount(b.id);
    const change = await call('POST', `/api/bookings/${b.id}/agreement`, stranger.cookie, {
      houseRules: 'Mine now',
    });
    expect(change.statusCode).toBe(404);
    expect(change.json().message).toEqual(expect.any(String));
    const accept = await call('POST', `/api/bookings/${b.id}/agreement/accept`, stranger.cookie, {
      version: 1,
    });
    expect(accept.statusCode).toBe(404);
    const bad = await call('POST', `/api/bookings/${b.id}/agreement`, host.cookie, { growerNoticeDays: -3 });
    expect(bad.statusCode).toBe(400);
    expect(await versionCount(b.id)).toBe(before);
  });

  it('an exchange states the hours and duties; a community garden its plot', async () => {
    const ex = await kit.listing({
      type: 'exchange',
      price: null,
      workHours: 6,
      agreement: { duties: 'Weeding and watering' },
    });
    const b = await book(ex.id, day(3), 2);
    expect((await agreementOf(b.id, renter.cookie)).json().parts).toMatchObject({
      type: 'exchange',
      hoursPerWeek: 6,
      duties: 'Weeding and watering',
      pricePerMonth: null,
      cancellationPolicy: null,
    });
    const co = await kit.listing({ type: 'community', price: null, plots: 12 });
    const c = await book(co.id, day(3), null);
    expect((await agreementOf(c.id, renter.cookie)).json().parts).toMatchObject({
      type: 'community',
      plots: 12,
      end: null,
    });
  });
});

describe('an exchange week far over the agreement', () => {
  it('is flagged in the ledger both read, and both are told once', async () => {
    const ex = await kit.listing({ type: 'exchange', price: null, workHours: 6 });
    const b = await book(ex.id, day(0), 2);
    expect((await act(b.id, 'accept', host.cookie)).statusCode).toBe(200);
    const log = (hours: number) =>
      call('POST', `/api/bookings/${b.id}/hours`, renter.cookie, { date: day(0), hours, note: 'Weeding' });
    const overNotices = async () =>
      (await db.db.select().from(notifications).where(eq(notifications.bookingId, b.id))).filter((n) =>
        /far over the agreement/.test(n.title),
      );
    expect((await log(5)).statusCode).toBe(201);
    expect(await overNotices()).toHaveLength(0);
    expect((await log(4.5)).statusCode).toBe(201); // 9.5 h against 6 agreed: more than 9
    expect((await overNotices()).map((n) => n.userId).sort()).toEqual([renter.user.id, host.user.id].sort());
    expect((await log(2)).statusCode).toBe(201);
    expect(await overNotices()).toHaveLength(2);
    for (const who of [renter, host]) {
      const ledger = (await call('GET', `/api/bookings/${b.id}/hours`, who.cookie)).json();
      expect(ledger.weeks.at(-1)).toMatchObject({ committed: 6, logged: 11.5, farOver: true });
    }
  });
});

describe('what the agreement says follows the booking (ADR 045)', () => {
  it('in force once both accepted; void once the booking is cancelled, with no address promised', async () => {
    const l = await kit.listing();
    const b = await book(l.id, day(20), 2);
    const { invoiceId } = await checkout(b.id);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    const a = (await agreementOf(b.id, renter.cookie)).json();
    for (const cookie of [renter.cookie, host.cookie]) {
      const accepted = await call('POST', `/api/bookings/${b.id}/agreement/accept`, cookie, {
        version: a.version,
      });
      // One side may have accepted already, when booking.
      expect([200, 409], accepted.body).toContain(accepted.statusCode);
    }
    expect((await agreementOf(b.id, renter.cookie)).json()).toMatchObject({
      state: 'in_force',
      inForce: true,
    });
    expect((await act(b.id, 'cancel', renter.cookie)).statusCode).toBe(200);
    const after = (await agreementOf(b.id, renter.cookie)).json();
    expect(after).toMatchObject({ state: 'void', inForce: false, address: null });
  });
});

describe("the agreement's words (ADR 045)", () => {
  it('are rendered by the server in the reader’s language, and stay as accepted when the template changes', async () => {
    const l = await kit.listing();
    const b = await book(l.id, day(25), 2);
    const read = (lang: string) =>
      app.inject({
        method: 'GET',
        url: `/api/bookings/${b.id}/agreement`,
        headers: { cookie: renter.cookie, 'accept-language': lang },
      });
    const en = (await read('en')).json();
    expect(en.text).toMatchObject({ template: 1, locale: 'en', title: 'Grow agreement' });
    expect(en.text.licence).toContain('not a lease or tenancy');
    expect(en.text.plain).toContain(
      'Rent for months not yet begun is refunded as the cancellation policy says.',
    );
    const de = (await read('de')).json();
    expect(de.text.locale).toBe('de');
    expect(de.text.licence).toContain('kein Miet- oder Pachtvertrag');
    // Yardshare writes new wording: a new template. The version accepted under template 1 reads
    // as it did; a version written under the new one reads the new words.
    AGREEMENT_TEMPLATES[2] = (parts, lang) => ({
      ...AGREEMENT_TEMPLATES[1](parts, lang),
      licence: 'A new licence wording.',
    });
    try {
      expect((await read('en')).json().text).toEqual(en.text);
      await db.db.update(bookingAgreements).set({ template: 2 }).where(eq(bookingAgreements.bookingId, b.id));
      expect((await read('en')).json().text).toMatchObject({
        template: 2,
        licence: 'A new licence wording.',
      });
    } finally {
      delete AGREEMENT_TEMPLATES[2];
    }
  });
});

describe('the e-mail that binds a party to the agreement (ADR 045)', () => {
  it('carries the words in force when the host accepts a request', async () => {
    const l = await kit.listing({ bookingMode: 'request' });
    const b = await book(l.id, day(30), 2);
    expect((await act(b.id, 'accept', host.cookie)).statusCode).toBe(200);
    const [mail] = await db.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.userId} = ${renter.user.id} and ${mailOutbox.kind} = 'booking_accepted'`)
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    expect(mail.text).toContain('not a lease or tenancy');
    expect(mail.text).toContain('Rent for months not yet begun is refunded as the cancellation policy says.');
  });
});
