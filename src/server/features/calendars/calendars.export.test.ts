import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema.ts';
import { bookingsKit, inDays, type Who } from '../../testing/bookings.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// The feeds Yardshare writes (ADR 048), written with ical-generator and read back here with a
// second library (ical.js) as a calendar app would: valid iCalendar, all-day events, no names.
const { app, db } = await buildTestApp();
const kit = await bookingsKit(app, db);
const { host, grower, stranger } = kit;

const send = (who: Who, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });
const pathOf = (url: string) => new URL(url).pathname;

function parse(body: string) {
  const root = new ICAL.Component(ICAL.parse(body) as unknown as unknown[]);
  expect(root.name).toBe('vcalendar');
  expect(root.getFirstPropertyValue('version')).toBe('2.0');
  expect(root.getFirstPropertyValue('prodid')).toMatch(/Yardshare/);
  return root.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    expect(e.startDate.isDate).toBe(true);
    expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
    return { uid: e.uid, summary: e.summary, start: e.startDate.toString(), end: e.endDate.toString() };
  });
}

async function bookedListing() {
  const listing = await kit.listing({ title: 'Shady herb corner', plots: 2 });
  const [paid] = await db.db
    .insert(bookings)
    .values({
      listingId: listing.id,
      growerId: grower.user.id,
      hostId: host.user.id,
      type: 'rental',
      status: 'paid',
      start: inDays(5),
      end: inDays(35),
      months: 1,
    })
    .returning();
  // A request holds no plot: not in the host's feed.
  const [requested] = await db.db
    .insert(bookings)
    .values({
      listingId: listing.id,
      growerId: stranger.user.id,
      hostId: host.user.id,
      type: 'rental',
      status: 'requested',
      start: inDays(50),
      end: inDays(80),
      months: 1,
    })
    .returning();
  return { listing, paid, requested };
}

describe("a listing's feed", () => {
  it("answers text/calendar without a session, with the booked days and no one's name, and 404 once reset", async () => {
    const { listing, paid } = await bookedListing();
    const cal = await send(host, 'GET', `/api/listings/${listing.id}/calendar`);
    expect(cal.statusCode).toBe(200);
    const { exportUrl, imports } = cal.json();
    expect(imports).toEqual([]);
    const feed = await send(null, 'GET', pathOf(exportUrl));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = parse(feed.body);
    expect(events).toEqual([
      {
        uid: `booking-${paid.id}@yardshare`,
        summary: 'Booked (Yardshare)',
        start: paid.start,
        end: paid.end,
      },
    ]);
    expect(feed.body).not.toContain(grower.user.name);
    expect(feed.body).not.toContain(grower.user.username);
    expect(feed.body).not.toContain('12 Elm Street');

    // The same address again; a new one after a reset, and the old one is gone.
    expect((await send(host, 'GET', `/api/listings/${listing.id}/calendar`)).json().exportUrl).toBe(
      exportUrl,
    );
    const reset = await send(host, 'POST', `/api/listings/${listing.id}/calendar/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().exportUrl).not.toBe(exportUrl);
    expect((await send(null, 'GET', pathOf(exportUrl))).statusCode).toBe(404);
    expect((await send(null, 'GET', pathOf(reset.json().exportUrl))).statusCode).toBe(200);
  });

  it("is the host's alone to see and reset", async () => {
    const { listing } = await bookedListing();
    for (const who of [grower, stranger])
      for (const [method, url] of [
        ['GET', `/api/listings/${listing.id}/calendar`],
        ['POST', `/api/listings/${listing.id}/calendar/reset`],
      ] as const)
        expect((await send(who, method, url)).statusCode).toBe(403);
    expect((await send(null, 'GET', `/api/listings/${listing.id}/calendar`)).statusCode).toBe(401);
    expect((await send(host, 'GET', '/api/listings/abc/calendar')).statusCode).toBe(400);
    for (const bad of ['nothing.ics', 'x'.repeat(40), `${'a'.repeat(32)}.ics`, '..%2F..%2Fetc.ics'])
      expect([400, 404]).toContain((await send(null, 'GET', `/api/calendars/${bad}`)).statusCode);
  });
});

describe("the grower's feed and a booking's file", () => {
  it("shows the grower's own stays with the listing's title and city", async () => {
    const { paid } = await bookedListing();
    const me = await send(grower, 'GET', '/api/users/me/calendar');
    expect(me.statusCode).toBe(200);
    const feed = await send(null, 'GET', pathOf(me.json().url));
    expect(feed.statusCode).toBe(200);
    const events = parse(feed.body);
    expect(events).toContainEqual({
      uid: `stay-${paid.id}@yardshare`,
      summary: 'Shady herb corner (Yardshare)',
      start: paid.start,
      end: paid.end,
    });
    expect(feed.body).toContain('LOCATION:Austin\\, TX');
    expect(feed.body).not.toContain('12 Elm Street');
    // The stranger's request is not the grower's.
    expect(events.every((e) => e.uid.startsWith('stay-'))).toBe(true);
    expect((await send(null, 'GET', '/api/users/me/calendar')).statusCode).toBe(401);
  });

  it('gives a party of the booking an "add to calendar" file, and no one else', async () => {
    const { paid } = await bookedListing();
    for (const who of [grower, host]) {
      const res = await send(who, 'GET', `/api/bookings/${paid.id}/calendar.ics`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.headers['content-disposition']).toMatch(/attachment/);
      expect(parse(res.body)).toEqual([
        {
          uid: `stay-${paid.id}@yardshare`,
          summary: 'Shady herb corner (Yardshare)',
          start: paid.start,
          end: paid.end,
        },
      ]);
    }
    expect((await send(stranger, 'GET', `/api/bookings/${paid.id}/calendar.ics`)).statusCode).toBe(404);
    expect((await send(null, 'GET', `/api/bookings/${paid.id}/calendar.ics`)).statusCode).toBe(401);
    expect((await send(grower, 'GET', '/api/bookings/999999/calendar.ics')).statusCode).toBe(404);
  });
});

describe('the OpenAPI reference', () => {
  it('documents the calendar routes with their schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      doc.paths['/api/listings/{id}/calendar'].get.responses['200'].content['application/json'].schema
        .properties,
    ).toHaveProperty('exportUrl');
    expect(doc.paths['/api/listings/{id}/calendar/imports'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/listings/{id}/calendar/imports/{importId}'].delete).toBeTruthy();
    expect(doc.paths['/api/listings/{id}/calendar/reset'].post).toBeTruthy();
    expect(doc.paths['/api/users/me/calendar'].get).toBeTruthy();
    expect(
      doc.paths['/api/users/me/calendar/reset'].post.responses['200'].content['application/json'].schema
        .properties,
    ).toHaveProperty('url');
    expect(doc.paths['/api/bookings/{id}/calendar.ics'].get).toBeTruthy();
  });
});
