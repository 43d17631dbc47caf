import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { firstFreeDay } from '#shared/first-free-day.ts';
import { bookings, messages, reviews, waitlistEntries } from '../../db/schema.ts';
import { bookingsKit, inDays, type Who } from '../../testing/bookings.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// The listing page's and the conversation's forms before the script (ADR 058): plain form posts
// to the page's own address, doing what the JSON API does, answered with a page.
const { indexHtml } = indexHtmlFixture();
const { app, db } = await buildTestApp({}, { indexHtml, renderer: render });
const { host, grower, stranger, listing, book } = await bookingsKit(app, db);

let ip = 60;
const post = (
  who: Who,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) => {
  ip += 1;
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.58.0.${ip}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      ...(who ? { cookie: who.cookie } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
};
const get = (who: Who, url: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(who ? { cookie: who.cookie } : {}) },
  });
const alertOf = (html: string) =>
  /<p role="alert" data-form-error[^>]*>([^<]*)<\/p><div id="root">/.exec(html)?.[1];
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id=|<\/body>)/.exec(html)?.[1] ?? '';

describe('the booking form', () => {
  it('books a garden and goes to the booking, in the page language', async () => {
    const l = await listing({ type: 'community', price: null, plots: 3 });
    const res = await post(grower, `/fr/listings/${l.id}`, { form: 'book', start: inDays(5), months: '' });
    expect(res.statusCode, res.body).toBe(303);
    const id = Number(/^\/fr\/bookings\/(\d+)$/.exec(String(res.headers.location))?.[1]);
    const [row] = await db.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ listingId: l.id, growerId: grower!.user.id, status: 'accepted' });
  });

  it('an empty start is the first free day, as the card says', async () => {
    const l = await listing({ type: 'rental', price: 40, plots: 1, bookingMode: 'request' });
    const res = await post(grower, `/listings/${l.id}`, { form: 'book', start: '', months: '1' });
    expect(res.statusCode, res.body).toBe(303);
    const id = Number(/\/bookings\/(\d+)$/.exec(String(res.headers.location))?.[1]);
    const [row] = await db.db.select().from(bookings).where(eq(bookings.id, id));
    const avail = (await app.inject({ method: 'GET', url: `/api/listings/${l.id}/availability` })).json();
    expect(row.start).toBe(firstFreeDay(avail, inDays(0)));
  });

  it('takes the listing from the address only: a listingId or amount in the form changes nothing', async () => {
    const mine = await listing({ type: 'community', price: null, plots: 2 });
    const other = await listing({ type: 'community', price: null, plots: 2 });
    const res = await post(grower, `/listings/${mine.id}`, {
      form: 'book',
      listingId: String(other.id),
      amount: '1',
      start: inDays(3),
    });
    expect(res.statusCode).toBe(303);
    const id = Number(/\/bookings\/(\d+)$/.exec(String(res.headers.location))?.[1]);
    const [row] = await db.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row.listingId).toBe(mine.id);
  });

  it('refuses what the API refuses with the page and the reason, never a 5xx', async () => {
    const l = await listing({ type: 'rental', price: 40, plots: 1, bookingMode: 'request' });
    const bad = await post(grower, `/listings/${l.id}`, { form: 'book', start: 'soon', months: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/text\/html/);
    expect(alertOf(bad.body)).toBeTruthy();
    expect((await post(grower, `/listings/${l.id}`, { form: 'book', months: '40' })).statusCode).toBe(400);
    // The host cannot book their own listing, as through the API.
    const api = await book(host, l.id);
    const own = await post(host, `/listings/${l.id}`, { form: 'book', start: inDays(10), months: '2' });
    expect(own.statusCode).toBe(api.statusCode);
    expect(alertOf(own.body)).toBeTruthy();
    // No such listing, unknown forms, bad language prefixes, a hostile body.
    expect((await post(grower, '/listings/99999999', { form: 'book' })).statusCode).toBe(404);
    expect((await post(grower, `/listings/${l.id}`, { form: 'nope' })).statusCode).toBe(400);
    expect((await post(grower, `/xx/listings/${l.id}`, { form: 'book' })).statusCode).toBe(404);
    const big = await post(grower, `/listings/${l.id}`, { form: 'book', note: 'a'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
    const xss = await post(grower, `/listings/${l.id}`, { form: 'book', start: '<script>x</script>' });
    expect(xss.statusCode).toBe(400);
    expect(xss.body).not.toContain('<script>x</script>');
  });

  it('sends a visitor to sign in and back to the listing, doing nothing', async () => {
    const l = await listing({ type: 'community', price: null, plots: 2 });
    const res = await post(null, `/de/listings/${l.id}`, { form: 'book', start: inDays(3) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/de/auth?next=/listings/${l.id}`);
    expect(await db.db.select().from(bookings).where(eq(bookings.listingId, l.id))).toHaveLength(0);
  });

  it('is CSRF-safe as POST /auth: a write from another origin is refused', async () => {
    const l = await listing({ type: 'community', price: null, plots: 2 });
    const res = await post(
      grower,
      `/listings/${l.id}`,
      { form: 'book', start: inDays(3) },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(await db.db.select().from(bookings).where(eq(bookings.listingId, l.id))).toHaveLength(0);
  });
});

describe('the waiting list and review forms', () => {
  it('joins a full garden\'s waiting list and shows the listing; "book it instead" when a plot is free', async () => {
    const l = await listing({ type: 'community', price: null, plots: 1 });
    expect((await book(stranger, l.id, { months: 2 })).json().status).toBe('accepted');
    const res = await post(grower, `/listings/${l.id}`, { form: 'waitlist', start: inDays(10), months: '' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/listings/${l.id}`);
    const rows = await db.db.select().from(waitlistEntries).where(eq(waitlistEntries.listingId, l.id));
    expect(rows.map((r) => r.growerId)).toEqual([grower!.user.id]);
    // The page it lands on, rendered for the member, shows their place in line.
    const page = await get(grower, String(res.headers.location));
    expect(rootOf(page.body)).toContain('data-testid="waitlist-place"');
    const open = await listing({ type: 'community', price: null, plots: 3 });
    const free = await post(grower, `/listings/${open.id}`, { form: 'waitlist', start: inDays(10) });
    expect(free.statusCode).toBe(409);
    expect(alertOf(free.body)).toBeTruthy();
  });

  it('leaves a review and refuses a bad rating or the owner', async () => {
    const l = await listing({ type: 'community', price: null, plots: 3 });
    const res = await post(grower, `/listings/${l.id}`, { form: 'review', rating: '4', comment: 'Lovely' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/listings/${l.id}#reviews-heading`);
    const [row] = await db.db.select().from(reviews).where(eq(reviews.listingId, l.id));
    expect(row).toMatchObject({ rating: 4, comment: 'Lovely', userId: grower!.user.id });
    expect((await post(grower, `/listings/${l.id}`, { form: 'review', rating: '9' })).statusCode).toBe(400);
    const api = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { cookie: host!.cookie },
      payload: { listingId: l.id, rating: 5 },
    });
    const own = await post(host, `/listings/${l.id}`, { form: 'review', rating: '5' });
    expect(own.statusCode).toBe(api.statusCode);
    expect(own.statusCode).toBeLessThan(500);
  });
});

describe('Contact Host and the message form', () => {
  it('Contact Host goes to the conversation, through sign-in for a visitor; the host is refused', async () => {
    const l = await listing({ type: 'community', price: null, plots: 3 });
    const thread = `/messages/${host!.user.id}?listing=${l.id}`;
    const visitor = await app.inject({ method: 'GET', url: `/es/listings/${l.id}/contact` });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe(`/es/auth?next=${encodeURIComponent(thread).replace(/%2F/g, '/')}`);
    const member = await get(grower, `/listings/${l.id}/contact`);
    expect(member.statusCode).toBe(303);
    expect(member.headers.location).toBe(thread);
    const self = await get(host, `/listings/${l.id}/contact`);
    expect(self.statusCode).toBe(400);
    expect(alertOf(self.body)).toBe('You cannot message yourself');
    expect((await get(grower, '/listings/99999999/contact')).statusCode).toBe(404);
  });

  it('sends a message about the listing and shows the conversation', async () => {
    const l = await listing({ type: 'community', price: null, plots: 3 });
    const res = await post(grower, `/messages/${host!.user.id}`, {
      content: 'Hello from a plain form',
      listingId: String(l.id),
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/messages/${host!.user.id}?listing=${l.id}`);
    const rows = await db.db.select().from(messages).where(eq(messages.content, 'Hello from a plain form'));
    expect(rows).toMatchObject([{ fromUserId: grower!.user.id, toUserId: host!.user.id, listingId: l.id }]);
    // The conversation, rendered for the member, with the message and its box.
    const page = await get(grower, String(res.headers.location));
    expect(rootOf(page.body)).toContain('Hello from a plain form');
    expect(rootOf(page.body)).toContain('name="content"');
  });

  it('refuses what the API refuses: empty, to oneself, a listing of neither, a booking of others', async () => {
    const other = await registerUser(app);
    const theirs = await listing({ type: 'community', price: null, plots: 3 });
    const cases: [Record<string, string>, string, number][] = [
      [{ content: '   ' }, `/messages/${host!.user.id}`, 400],
      [{ content: 'me' }, `/messages/${grower!.user.id}`, 400],
      [{ content: 'x', listingId: String(theirs.id) }, `/messages/${other.user.id}`, 403],
      [{ content: 'x', listingId: 'abc' }, `/messages/${host!.user.id}`, 400],
      [{ content: 'x' }, '/messages/99999999', 404],
    ];
    for (const [fields, url, status] of cases) {
      const res = await post(grower, url, fields);
      expect(res.statusCode, `${url} ${JSON.stringify(fields)}`).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(alertOf(res.body)).toBeTruthy();
    }
    const visitor = await post(null, `/messages/${host!.user.id}`, { content: 'hi' });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe(`/auth?next=/messages/${host!.user.id}`);
  });
});

describe("a member's pages are rendered with their forms", () => {
  it('the listing page carries the booking and review forms, posting to its address', async () => {
    const l = await listing({ type: 'community', price: null, plots: 3 });
    const res = await get(stranger, `/listings/${l.id}`);
    const root = rootOf(res.body);
    expect(root).toContain(`action="/listings/${l.id}"`);
    expect(root).toContain('name="form" value="book"');
    expect(root).toContain('name="form" value="review"');
    expect(root).toContain(`action="/listings/${l.id}/contact"`);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
