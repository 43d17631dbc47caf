import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Booking } from '#shared/bookings.ts';
import { bookingEvents, bookings, listings, paymentEvents, payments } from '../db/schema.ts';
import { btcpaySignature } from '../features/payments/index.ts';
import { registerUser } from './factories.ts';
import { buildTestApp } from './test-app.ts';

// Shared set-up of the payments API tests: the app with the sandbox, a host, a renter, a stranger
// and helpers for the checkout buttons and signed webhooks. Call once per test file; `env` adds
// settings (SANDBOX_PAYOUT_PROCESSOR, PAYOUT_MAX_ATTEMPTS...).
export const SECRET = 'sandbox-secret-for-tests';
export const quietLog = { warn: () => {}, info: () => {} };

export async function paymentsKit(env: Record<string, string> = {}) {
  const { app, db } = await buildTestApp({ SANDBOX_WEBHOOK_SECRET: SECRET, ...env });
  const host = await registerUser(app);
  const renter = await registerUser(app);
  const stranger = await registerUser(app);

  let n = 0;
  async function listing(overrides: Partial<typeof listings.$inferInsert> = {}) {
    n += 1;
    const [row] = await db.db
      .insert(listings)
      .values({
        userId: host.user.id,
        title: `Sunny plot ${n}`,
        description: 'A raised bed garden',
        type: 'rental',
        price: 120,
        location: '1 Main St',
        city: 'Portland',
        state: 'OR',
        ...overrides,
      })
      .returning();
    return row;
  }

  const create = (cookie: string | undefined, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/payments/create', headers: cookie ? { cookie } : {}, payload });

  async function createOk(listingId: number, cookie = renter.cookie, extra: Record<string, unknown> = {}) {
    const res = await create(cookie, { listingId, amount: 12_000, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    const { hostedUrl } = res.json() as { hostedUrl: string };
    const invoiceId = /\/sandbox\/btcpay\/i\/([\w-]+)$/.exec(hostedUrl)?.[1];
    expect(invoiceId).toBeTruthy();
    return { hostedUrl, invoiceId: invoiceId! };
  }

  // The sandbox checkout's buttons: plain form posts.
  const press = (invoiceId: string, action: 'pay' | 'cancel' | 'underpay' | 'expire') =>
    app.inject({
      method: 'POST',
      url: `/sandbox/btcpay/i/${invoiceId}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });

  const paymentOf = async (invoiceId: string) =>
    (await db.db.select().from(payments).where(eq(payments.chargeId, invoiceId)))[0];
  const eventsOf = (invoiceId: string) =>
    db.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, invoiceId));
  const countPayments = async () =>
    (await db.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0].n;
  const countEvents = async () =>
    (await db.db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents))[0].n;

  function event(
    invoiceId: string,
    type: string,
    deliveryId = randomUUID(),
    extra: Record<string, unknown> = {},
  ) {
    return JSON.stringify({
      deliveryId,
      webhookId: 'w',
      originalDeliveryId: deliveryId,
      isRedelivery: false,
      type,
      timestamp: 1,
      storeId: 'sandbox-store',
      invoiceId,
      ...extra,
    });
  }
  const deliver = (
    body: string | Buffer,
    signature = btcpaySignature(SECRET, body),
    path = '/api/payments/webhook/sandbox',
  ) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'btcpay-sig': signature },
      payload: body,
    });

  const refund = (id: number, cookie?: string) =>
    app.inject({ method: 'POST', url: `/api/payments/${id}/refund`, headers: cookie ? { cookie } : {} });

  // A payment paid in time on the sandbox checkout.
  async function completed() {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    const p = await paymentOf(invoiceId);
    expect(p.status).toBe('completed');
    return p;
  }

  // Bookings: a grower books, either party acts, the grower opens the checkout.
  async function book(
    listingId: number,
    start: string,
    months: number | null,
    cookie = renter.cookie,
    extra: Record<string, unknown> = {},
  ) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie },
      payload: { listingId, start, months, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Booking;
  }
  const act = (id: number, action: string, cookie: string) =>
    app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers: { cookie } });
  async function checkout(bookingId: number, cookie = renter.cookie) {
    const res = await act(bookingId, 'pay', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { hostedUrl } = res.json() as { hostedUrl: string };
    return { hostedUrl, invoiceId: hostedUrl.split('/').pop()! };
  }
  const bookingOf = async (id: number) => (await db.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const bookingEventsOf = (id: number) =>
    db.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(bookingEvents.id);
  const paymentsOfBooking = (id: number) =>
    db.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(payments.id);

  return {
    app,
    db,
    book,
    act,
    checkout,
    bookingOf,
    bookingEventsOf,
    paymentsOfBooking,
    host,
    renter,
    stranger,
    listing,
    create,
    createOk,
    press,
    paymentOf,
    eventsOf,
    countPayments,
    countEvents,
    event,
    deliver,
    refund,
    completed,
  };
}
