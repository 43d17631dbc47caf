import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, newContext, test } from './fixtures.ts';
import { newUser, toastEl, verifyEmail } from './helpers.ts';
import { type OwnServer, ownServerEnv, startOwnServer } from './own-server.ts';

// Calendars that sync (issue 54, ADR 048), as a host lives it: a host adds an external calendar
// (served here by a local feed server, as Airbnb would serve its export) to a listing; the import
// job of a server of its own (jobs every 2 s, loopback feeds allowed by
// CALENDAR_IMPORT_ALLOW_PRIVATE) reads it; its dates show full on the listing's calendar; the
// listing's own feed, read without a session and parsed by a second library (ical.js), has them
// beside the Yardshare booking. A second feed that is not a calendar shows the host why.
const shots = (name: string) => `test-results/screens/${name}.png`;
const DAY = 86_400_000;
const dayIn = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const ics = (d: string) => d.replaceAll('-', '');

let server: OwnServer | null = null;
let feeds: http.Server | null = null;
let origin = '';
let feedOrigin = '';

const AIRBNB = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
  'BEGIN:VEVENT',
  `DTSTART;VALUE=DATE:${ics(dayIn(40))}`,
  `DTEND;VALUE=DATE:${ics(dayIn(44))}`,
  'UID:res-1@airbnb.test',
  'SUMMARY:Reserved',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  feeds = http.createServer((req, res) => {
    if (req.url === '/airbnb.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      return res.end(AIRBNB);
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Log in</title>');
  });
  await new Promise<void>((resolve) => feeds?.listen(0, '127.0.0.1', resolve));
  feedOrigin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  const base = new URL(String(test.info().project.use.baseURL));
  const port = Number(base.port) + 4;
  origin = `http://127.0.0.1:${port}`;
  server = await startOwnServer({
    name: 'calendar-sync',
    origin,
    timeoutMs: 90_000,
    env: (dataDir) =>
      ownServerEnv(base, port, dataDir, {
        // The feeds are on this machine: only a test server may read such addresses.
        CALENDAR_IMPORT_ALLOW_PRIVATE: 'true',
        CALENDAR_IMPORT_TIMEOUT_S: '5',
      }),
  });
});

test.afterAll(async () => {
  await server?.stop();
  feeds?.closeAllConnections();
  await new Promise<void>((resolve) => (feeds ? feeds.close(() => resolve()) : resolve()));
});

async function signedIn(browser: Browser, width: number, height: number) {
  const context = await newContext(browser, { viewport: { width, height }, baseURL: origin });
  const page = await context.newPage();
  const u = newUser();
  expect((await page.request.post('/api/register', { data: u })).status()).toBe(201);
  await verifyEmail(page.request, u.email);
  return { context, page, request: page.request };
}

async function communityGarden(request: APIRequestContext) {
  const res = await request.post('/api/listings', {
    data: {
      title: `Allotments on Birch Street ${Date.now().toString(36)}`,
      description: 'Twelve allotments with a shared shed, water on tap and a compost bay.',
      type: 'community',
      location: '3 Birch Street',
      city: 'Portland',
      state: 'OR',
      amenities: [],
      images: [],
      plots: 2,
      bookingMode: 'instant',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

// Reloads the host's page until the import job has read the feed (it runs every 2 s).
async function untilRead(page: Page, url: string, text: RegExp) {
  await expect(async () => {
    await page.reload();
    const row = page.getByRole('listitem').filter({ hasText: url });
    await expect(row.getByText(text)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

test('a host imports a calendar: its dates are blocked, and the listing feed shows them with the bookings', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await signedIn(browser, 1280, 900);
  const listing = await communityGarden(host.request);
  const grower = await signedIn(browser, 1280, 900);
  const booked = await grower.request.post('/api/bookings', {
    data: { listingId: listing.id, start: dayIn(5), months: 1 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()) as { id: number; status: string; start: string; end: string };
  expect(booking.status).toBe('accepted');

  // Before: the month of the Airbnb stay has a plot free.
  const month = dayIn(40).slice(0, 7);
  const freeIn = async () =>
    (
      (await (await grower.request.get(`/api/listings/${listing.id}/availability`)).json()) as {
        months: { month: string; free: number }[];
      }
    ).months.find((m) => m.month === month)?.free;
  expect(await freeIn()).toBeGreaterThan(0);

  const page = host.page;
  await page.goto(`/listings/${listing.id}/edit`);
  const sync = page.getByRole('region', { name: 'Calendar sync' });
  await expect(sync).toBeVisible();
  await expect(sync.getByText('No calendars imported yet.')).toBeVisible();
  const airbnb = `${feedOrigin}/airbnb.ics`;
  await sync.getByLabel(/Add a calendar/).fill(airbnb);
  await sync.getByRole('button', { name: 'Add calendar' }).click();
  await expect(toastEl(page).getByText('Calendar added')).toBeVisible();
  await expect(sync.getByText('Not read yet')).toBeVisible();
  await untilRead(page, airbnb, /^Last read /);

  // A feed that is not a calendar: the host is told why, and it blocks nothing.
  const broken = `${feedOrigin}/export-page`;
  await sync.getByLabel(/Add a calendar/).fill(broken);
  await sync.getByRole('button', { name: 'Add calendar' }).click();
  await untilRead(page, broken, /not an iCalendar file/);

  // The listing's calendar: the month of the imported stay is full, for a grower looking to book.
  expect(await freeIn()).toBe(0);
  const visitor = await signedIn(browser, 1280, 900);
  await visitor.page.goto(`/listings/${listing.id}`);
  const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  await expect(visitor.page.getByTitle(new RegExp(`^${monthName} \\d{4}: full$`))).toBeVisible();
  await visitor.context.close();

  // The listing's own feed, without a session, read by a second library.
  const exportUrl = await sync.getByLabel("This listing's calendar address").inputValue();
  const anonymous = await newContext(browser, { baseURL: origin });
  const feed = await anonymous.request.get(new URL(exportUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const root = new ICAL.Component(ICAL.parse(await feed.text()) as unknown as unknown[]);
  const events = root.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { summary: e.summary, start: e.startDate.toString(), end: e.endDate.toString() };
  });
  expect(events).toContainEqual({ summary: 'Booked (Yardshare)', start: booking.start, end: booking.end });
  expect(events).toContainEqual({
    summary: 'Not available (imported calendar)',
    start: dayIn(40),
    end: dayIn(44),
  });
  expect(events).toHaveLength(2);
  await anonymous.close();

  // The section with an import and an error, at both widths, clear of the sticky header.
  const shoot = async (name: string) => {
    await sync.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
    await page.screenshot({ path: shots(name) });
  };
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot('calendar-sync-1280');
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot('calendar-sync-375');

  // Removing the feed frees the month again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await sync.getByRole('button', { name: `Remove calendar ${airbnb}` }).click();
  await expect(toastEl(page).getByText('Calendar removed')).toBeVisible();
  expect(await freeIn()).toBeGreaterThan(0);
  await host.context.close();
  await grower.context.close();
});
