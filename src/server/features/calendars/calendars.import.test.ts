import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { calendarImports, listingBlocks } from '../../db/schema.ts';
import { bookingsKit, type Who } from '../../testing/bookings.ts';
import { dayIn, startFeedServer } from '../../testing/feed-server.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { readDueImports } from './imports.job.ts';

// Importing hosts' external calendars (ADR 048) from feeds served by a local server: the tests
// allow http and loopback addresses (CALENDAR_IMPORT_ALLOW_PRIVATE), read with a 1 s deadline and
// a 1 MB cap. The private-address rules are tested on an app that does not allow them.
const { app, db, config } = await buildTestApp({
  CALENDAR_IMPORT_ALLOW_PRIVATE: 'true',
  CALENDAR_IMPORT_TIMEOUT_S: '1',
  CALENDAR_IMPORT_MAX_KB: '1024',
});
const feeds = await startFeedServer();
afterAll(() => feeds.close());
const kit = await bookingsKit(app, db);
const { call, host, stranger } = kit;
const deps = { db: db.db, config: config.calendars, log: app.log };
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

const send = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const addImport = (listingId: number, url: string, who: Who = host) =>
  send(who, 'POST', `/api/listings/${listingId}/calendar/imports`, { url });
const calendarOf = async (listingId: number) =>
  (await send(host, 'GET', `/api/listings/${listingId}/calendar`)).json() as {
    exportUrl: string;
    imports: {
      id: number;
      url: string;
      lastReadAt: string | null;
      error: string | null;
      errorCode: string | null;
      blockedRanges: number;
    }[];
  };
const blocksOf = (listingId: number) =>
  db.db
    .select({ start: listingBlocks.start, end: listingBlocks.end })
    .from(listingBlocks)
    .where(eq(listingBlocks.listingId, listingId))
    .orderBy(listingBlocks.start);

describe('importing a feed', () => {
  it('blocks its days once read, for bookings and the availability calendar alike', async () => {
    const listing = await kit.listing({ plots: 3 });
    const added = await addImport(listing.id, feeds.url('/good.ics'));
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ lastReadAt: null, error: null, blockedRanges: 0 });
    // Nothing is blocked before the job reads it.
    expect(await blocksOf(listing.id)).toEqual([]);
    expect(await readDueImports(deps)).toBeGreaterThanOrEqual(1);
    expect(await blocksOf(listing.id)).toEqual([
      { start: dayIn(20), end: dayIn(23) },
      { start: dayIn(40), end: dayIn(41) },
      // A timed event blocks each day it touches.
      { start: dayIn(60), end: dayIn(62) },
    ]);
    const [imp] = (await calendarOf(listing.id)).imports;
    expect(imp).toMatchObject({ error: null, errorCode: null, blockedRanges: 3 });
    expect(imp.lastReadAt).not.toBeNull();

    // A booking over a blocked day finds no plot free, though all 3 plots are; one before it books.
    const over = await kit.book(kit.grower, listing.id, { start: dayIn(22), months: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('NO_PLOT_FREE');
    const avail = (await call(null, 'GET', `/api/listings/${listing.id}/availability`)).json();
    const month = avail.months.find((m: { month: string }) => m.month === dayIn(20).slice(0, 7));
    expect(month.free).toBe(0);
    // A search for a free day leaves it out on a blocked day only.
    const found = async (day: string) =>
      ((await call(null, 'GET', `/api/listings?available=${day}&limit=100`)).json() as { id: number }[]).some(
        (l) => l.id === listing.id,
      );
    expect(await found(dayIn(21))).toBe(false);
    expect(await found(dayIn(25))).toBe(true);

    // Removing the feed frees its days.
    expect(
      (await send(host, 'DELETE', `/api/listings/${listing.id}/calendar/imports/${imp.id}`)).statusCode,
    ).toBe(200);
    expect(await blocksOf(listing.id)).toEqual([]);
    expect((await kit.book(kit.grower, listing.id, { start: dayIn(22), months: 1 })).statusCode).toBe(201);
  });

  it('expands a recurring event and leaves out its cancelled occurrence', async () => {
    const listing = await kit.listing();
    await addImport(listing.id, feeds.url('/recurring.ics'));
    await readDueImports(deps);
    expect(await blocksOf(listing.id)).toEqual([
      { start: dayIn(30), end: dayIn(31) },
      { start: dayIn(44), end: dayIn(45) },
    ]);
  });

  it('asks again with If-None-Match and If-Modified-Since, and keeps the days on 304', async () => {
    for (const path of ['/etag.ics', '/modified.ics']) {
      const listing = await kit.listing();
      await addImport(listing.id, feeds.url(path));
      await readDueImports(deps);
      const first = (await calendarOf(listing.id)).imports[0];
      // Not due again until CALENDAR_IMPORT_EVERY_MINUTES (30) have passed.
      await readDueImports(deps, later(5));
      expect(feeds.hits(path)).toBe(1);
      await readDueImports(deps, later(31));
      expect(feeds.hits(path)).toBe(2);
      const second = (await calendarOf(listing.id)).imports[0];
      expect(second.blockedRanges).toBe(3);
      expect(second.error).toBeNull();
      expect(Date.parse(second.lastReadAt!)).toBeGreaterThan(Date.parse(first.lastReadAt!));
    }
  });
});

describe('bad feeds', () => {
  const cases: [string, string, string][] = [
    ['not iCalendar', '/html', 'NOT_CALENDAR'],
    ['50 MB', '/huge.ics', 'TOO_BIG'],
    ['never answering', '/slow.ics', 'TIMEOUT'],
    ['an error status', '/gone', 'HTTP_STATUS'],
  ];
  for (const [name, path, code] of cases)
    it(`tells the host about a feed ${name} and blocks nothing`, async () => {
      const listing = await kit.listing();
      await addImport(listing.id, feeds.url(path));
      const started = Date.now();
      await readDueImports(deps);
      // The deadline (1 s here) bounds every read.
      expect(Date.now() - started).toBeLessThan(5000);
      const [imp] = (await calendarOf(listing.id)).imports;
      expect(imp.errorCode).toBe(code);
      expect(imp.error).toMatch(/\w+/);
      expect(imp.lastReadAt).toBeNull();
      expect(await blocksOf(listing.id)).toEqual([]);
    });

  it('keeps the last good days when a feed turns bad, and waits longer after each failure', async () => {
    const listing = await kit.listing();
    feeds.set('/turns-bad.ics', await (await fetch(feeds.url('/good.ics'))).text());
    await addImport(listing.id, feeds.url('/turns-bad.ics'));
    await readDueImports(deps);
    expect(await blocksOf(listing.id)).toHaveLength(3);
    feeds.set('/turns-bad.ics', 'BEGIN:VCALENDAR\r\nthis is not');
    const [row] = await db.db.select().from(calendarImports).where(eq(calendarImports.listingId, listing.id));
    await readDueImports(deps, later(31));
    const [failed] = await db.db.select().from(calendarImports).where(eq(calendarImports.id, row.id));
    expect(failed).toMatchObject({ error: 'NOT_CALENDAR', failures: 1 });
    expect(await blocksOf(listing.id)).toHaveLength(3);
    // Backoff: 60 minutes after one failure, 120 after two.
    const wait1 = failed.nextReadAt.getTime() - later(31).getTime();
    expect(wait1).toBeGreaterThan(59 * 60_000);
    await readDueImports(deps, later(31 + 61));
    const [again] = await db.db.select().from(calendarImports).where(eq(calendarImports.id, row.id));
    expect(again.failures).toBe(2);
    expect(again.nextReadAt.getTime() - later(92).getTime()).toBeGreaterThan(119 * 60_000);
  });
});

describe('the add-import request', () => {
  it('answers bad input with a 4xx and a message', async () => {
    const listing = await kit.listing();
    for (const payload of [
      {},
      { url: '' },
      { url: 'not a url' },
      { url: 42 },
      { url: `https://a.test/${'x'.repeat(2100)}` },
      { url: 'ftp://a.test/x.ics' },
    ]) {
      const res = await send(host, 'POST', `/api/listings/${listing.id}/calendar/imports`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
    expect((await addImport(listing.id, feeds.url('/good.ics'), stranger)).statusCode).toBe(403);
    expect((await addImport(listing.id, feeds.url('/good.ics'), null)).statusCode).toBe(401);
    expect((await addImport(999_999, feeds.url('/good.ics'))).statusCode).toBe(404);
    expect((await send(stranger, 'GET', `/api/listings/${listing.id}/calendar`)).statusCode).toBe(403);
    expect(
      (await send(host, 'DELETE', `/api/listings/${listing.id}/calendar/imports/999999`)).statusCode,
    ).toBe(404);
    expect((await addImport(listing.id, feeds.url('/good.ics'))).statusCode).toBe(201);
    const again = await addImport(listing.id, feeds.url('/good.ics'));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_IMPORTED');
  });

  it('keeps 30 parallel additions to one listing within its 10 feeds', async () => {
    const listing = await kit.listing();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => addImport(listing.id, feeds.url(`/many-${i}.ics`))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    expect((await calendarOf(listing.id)).imports).toHaveLength(10);
  });
});

describe('two runs at once', () => {
  it('read each due feed once and store each range once', async () => {
    const listing = await kit.listing();
    for (const path of ['/race-a.ics', '/race-b.ics', '/race-c.ics']) {
      feeds.set(path, await (await fetch(feeds.url('/good.ics'))).text());
      await addImport(listing.id, feeds.url(path));
    }
    const at = later(0);
    // As two instances' job runs would, on the same rows at the same moment.
    await Promise.all([readDueImports(deps, at), readDueImports(deps, at), readDueImports(deps, at)]);
    for (const path of ['/race-a.ics', '/race-b.ics', '/race-c.ics']) expect(feeds.hits(path)).toBe(1);
    const blocks = await blocksOf(listing.id);
    expect(blocks).toHaveLength(9);
    expect(new Set(blocks.map((b) => `${b.start}`)).size).toBe(3);
  });
});

describe('private addresses, when they are not allowed', async () => {
  const strict = await buildTestApp({ CALENDAR_IMPORT_TIMEOUT_S: '2' });
  const strictKit = await bookingsKit(strict.app, strict.db);
  const add = (listingId: number, url: string) =>
    strict.app.inject({
      method: 'POST',
      url: `/api/listings/${listingId}/calendar/imports`,
      headers: { cookie: strictKit.host.cookie },
      payload: { url },
    });

  it('refuses http and a private address written in the address', async () => {
    const listing = await strictKit.listing();
    const http = await add(listing.id, feeds.url('/good.ics'));
    expect(http.statusCode).toBe(400);
    expect(http.json().code).toBe('NOT_HTTPS');
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.10',
      '169.254.169.254',
      '[::1]',
      '[::ffff:10.0.0.1]',
      '[fd00::1]',
    ]) {
      const res = await add(listing.id, `https://${host}/feed.ics`);
      expect(res.statusCode, host).toBe(400);
      expect(res.json().code, host).toBe('PRIVATE_ADDRESS');
    }
  });

  it('refuses a name that resolves to a private address when it connects', async () => {
    const listing = await strictKit.listing();
    expect((await add(listing.id, feeds.named('/good.ics', 'https'))).statusCode).toBe(201);
    await readDueImports({ db: strict.db.db, config: strict.config.calendars, log: strict.app.log });
    const [row] = await strict.db.db
      .select()
      .from(calendarImports)
      .where(eq(calendarImports.listingId, listing.id));
    expect(row.error).toBe('PRIVATE_ADDRESS');
    const blocks = await strict.db.db
      .select()
      .from(listingBlocks)
      .where(eq(listingBlocks.listingId, listing.id));
    expect(blocks).toEqual([]);
  });
});
