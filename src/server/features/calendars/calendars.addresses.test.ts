import { describe, expect, it } from 'vitest';
import { bookingsKit } from '../../testing/bookings.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { checkFeedUrl, FeedError, isPublicAddress } from './fetch-feed.ts';
import { isOwnFeed } from './own-feed.ts';

// Which feed addresses a host may import (ADR 048): never a private address, however an IPv6
// address writes it, and never a Yardshare feed, however its address is spelt.
const strict = { allowPrivate: false };
const refusal = (url: string) => {
  try {
    checkFeedUrl(url, strict);
    return null;
  } catch (err) {
    return err instanceof FeedError ? err.code : String(err);
  }
};

describe('isPublicAddress', () => {
  it('counts an IPv6 address that carries an IPv4 one as that IPv4 address', () => {
    for (const address of [
      // IPv4-compatible (::/96)
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::c0a8:101',
      '::a9fe:a9fe',
      // IPv4-mapped (::ffff:0:0/96)
      '::ffff:127.0.0.1',
      '::ffff:a00:1',
      // IPv4-translated (::ffff:0:0:0/96)
      '::ffff:0:a00:1',
      '::ffff:0:7f00:1',
      // NAT64's well-known prefix (64:ff9b::/96)
      '64:ff9b::a00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::6440:1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['::ffff:808:808', '::ffff:0:808:808', '64:ff9b::808:808', '::808:808'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses the other special ranges and allows public unicast', () => {
    for (const address of ['::', '::1', 'fe80::1', 'fd00::1', 'ff02::1', '64:ff9b:1::a00:1', '2001:db8::1'])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['10.0.0.1', '127.0.0.1', '100.64.0.1', '169.254.169.254', '0.0.0.0'])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])
      expect(isPublicAddress(address), address).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});

describe('checkFeedUrl', () => {
  it('refuses an IPv6 literal that carries a private IPv4 address', () => {
    for (const url of [
      'https://[::127.0.0.1]:3000/',
      'https://[::a00:1]/',
      'https://[::ffff:0:10.0.0.1]/feed.ics',
      'https://[64:ff9b::192.168.1.1]/feed.ics',
      'https://[::ffff:127.0.0.1]/feed.ics',
    ])
      expect(refusal(url), url).toBe('PRIVATE_ADDRESS');
  });

  it('allows public addresses and names', () => {
    for (const url of [
      'https://[2606:4700:4700::1111]/feed.ics',
      'https://[64:ff9b::8.8.8.8]/feed.ics',
      'https://8.8.8.8/feed.ics',
      'https://www.airbnb.test/calendar/ical/1.ics',
    ])
      expect(refusal(url), url).toBeNull();
  });
});

describe('isOwnFeed', () => {
  const origin = 'https://yardshare.test';
  const own = (url: string, at = origin) => isOwnFeed(new URL(url), at);

  it("knows Yardshare's feed however its address is spelt", () => {
    for (const url of [
      'https://yardshare.test/api/calendars/abcdefghijklmnop.ics',
      'https://YARDSHARE.test/api/calendars/abcdefghijklmnop.ics',
      'https://yardshare.test:443/api/calendars/abcdefghijklmnop.ics',
      'https://yardshare.test./api/calendars/abcdefghijklmnop.ics',
      'https://yardshare.test//api/calendars/abcdefghijklmnop.ics',
      'https://yardshare.test/api//calendars///abcdefghijklmnop.ics',
      'https://yardshare.test/api/%63alendars/abcdefghijklmnop.ics',
      'https://yardshare.test/api/x/../calendars/abcdefghijklmnop.ics',
      'https://yardshare.test:3000/API/Calendars/abcdefghijklmnop.ics',
      'http://yardshare.test/api/calendars/abcdefghijklmnop.ics?x=1',
    ])
      expect(own(url), url).toBe(true);
  });

  it('follows a PUBLIC_URL with a path of its own, and lets other addresses through', () => {
    expect(own('https://yardshare.test/app//api/calendars/abc.ics', 'https://yardshare.test/app')).toBe(true);
    expect(own('https://yardshare.test/api/calendars/abc.ics', 'https://yardshare.test/app')).toBe(false);
    for (const url of [
      'https://other.test/api/calendars/abcdefghijklmnop.ics',
      'https://yardshare.test.other.test/api/calendars/abcdefghijklmnop.ics',
      'https://yardshare.test/api/calendarsx/abc.ics',
      'https://yardshare.test/api/bookings/1/calendar.ics',
      'https://yardshare.test/api/%2Fcalendars/abc.ics',
    ])
      expect(own(url), url).toBe(false);
  });
});

describe('adding a Yardshare feed as an import', async () => {
  const { app, db } = await buildTestApp({ PUBLIC_URL: 'https://yardshare.test' });
  const kit = await bookingsKit(app, db);
  const add = (listingId: number, url: string) =>
    kit.call(kit.host, 'POST', `/api/listings/${listingId}/calendar/imports`, { url });

  it('is refused however the address is spelt', async () => {
    const listing = await kit.listing();
    const { exportUrl } = (await kit.call(kit.host, 'GET', `/api/listings/${listing.id}/calendar`)).json();
    const token = exportUrl.slice(exportUrl.lastIndexOf('/') + 1);
    expect(exportUrl).toBe(`https://yardshare.test/api/calendars/${token}`);
    for (const url of [
      exportUrl,
      `https://YARDSHARE.test/api/calendars/${token}`,
      `https://yardshare.test:443/api/calendars/${token}`,
      `https://yardshare.test./api/calendars/${token}`,
      `https://yardshare.test//api/calendars/${token}`,
      `https://yardshare.test/api/calendars//${token}`,
    ]) {
      const res = await add(listing.id, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('OWN_FEED');
    }
    expect((await add(listing.id, 'https://www.airbnb.test/calendar/ical/1.ics')).statusCode).toBe(201);
  });
});
