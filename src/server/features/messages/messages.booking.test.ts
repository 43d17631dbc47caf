import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages.ts';
import { bookings, messages } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { messagesTestApp } from '../../testing/messages.ts';
import { eventsOf } from '../../testing/sse-client.ts';

const { app, handle, send, thread, stream } = await messagesTestApp();

const host = await registerUser(app, { name: 'Hana Host' });
const grower = await registerUser(app, { name: 'Gus Grower' });
const stranger = await registerUser(app, { name: 'Sam Stranger' });

// A booking between the grower and the host, written straight to the database.
async function booking(title = 'Sunny beds by the creek') {
  const listing = await insertListing(handle, host.user.id, { images: [], title });
  const [b] = await handle.db
    .insert(bookings)
    .values({
      listingId: listing.id,
      growerId: grower.user.id,
      hostId: host.user.id,
      type: 'rental',
      status: 'accepted',
      start: '2026-01-01',
      end: '2026-02-01',
      months: 1,
    })
    .returning();
  return b;
}

const storedCount = async () => (await handle.db.select({ id: messages.id }).from(messages)).length;

describe('POST /api/messages with a booking context', () => {
  it('is absent by default: booking is null, with or without an explicit null', async () => {
    const plain = await send(grower.cookie, { toUserId: host.user.id, content: 'Hello' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().booking).toBeNull();
    const explicit = await send(grower.cookie, { toUserId: host.user.id, content: 'Hi', bookingId: null });
    expect(explicit.statusCode).toBe(201);
    expect(explicit.json().booking).toBeNull();
  });

  it('ties the message to a booking of the two users, either way, in the answer, the thread and the stream', async () => {
    const b = await booking('Creek beds');
    const tab = await stream(host.cookie);
    await tab.waitFor((e) => e.some((x) => x.event === 'ready'));
    const res = await send(grower.cookie, {
      toUserId: host.user.id,
      content: 'About the start date',
      bookingId: b.id,
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json() as Message;
    expect(sent).toMatchObject({
      fromUserId: grower.user.id,
      toUserId: host.user.id,
      content: 'About the start date',
      read: false,
      booking: { id: b.id, listingTitle: 'Creek beds' },
    });
    await tab.waitFor((e) =>
      eventsOf<{ message: Message }>(e, 'message').some((x) => x.message.id === sent.id),
    );
    const live = eventsOf<{ message: Message }>(tab.events, 'message').find((x) => x.message.id === sent.id);
    expect(live?.message.booking).toEqual({ id: b.id, listingTitle: 'Creek beds' });

    const reply = await send(host.cookie, {
      toUserId: grower.user.id,
      content: 'Works for me',
      bookingId: b.id,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().booking).toEqual({ id: b.id, listingTitle: 'Creek beds' });

    const list = (await thread(grower.cookie, host.user.id)).json() as Message[];
    expect(list.map((m) => m.booking?.id ?? null)).toEqual([null, null, b.id, b.id]);
    expect(list.at(-1)?.booking).toEqual({ id: b.id, listingTitle: 'Creek beds' });
  });

  it('refuses a booking the two do not share with 403, storing nothing', async () => {
    const b = await booking();
    const other = await registerUser(app);
    const before = await storedCount();
    const cases: [typeof host, number, number][] = [
      [stranger, host.user.id, b.id], // a third party writing to the host
      [grower, stranger.user.id, b.id], // a party writing to a third party
      [stranger, other.user.id, b.id], // neither is a party
      [grower, host.user.id, 999_999], // no such booking: the same answer
    ];
    for (const [from, to, bookingId] of cases) {
      const res = await send(from.cookie, { toUserId: to, content: 'hi', bookingId });
      expect(res.statusCode, `${from.user.id} -> ${to} #${bookingId}`).toBe(403);
      expect(res.json()).toEqual({
        message: 'This booking is not between you two',
        code: 'BOOKING_NOT_SHARED',
      });
    }
    expect(await storedCount()).toBe(before);
  });

  it('answers 400 for a bookingId that is no id', async () => {
    for (const bookingId of ['abc', '12', 0, -3, 1.5, 2 ** 31, true, {}]) {
      const res = await send(grower.cookie, { toUserId: host.user.id, content: 'hi', bookingId });
      expect(res.statusCode, JSON.stringify(bookingId)).toBe(400);
      expect(res.json().message).toMatch(/bookingId/);
    }
  });

  it('keeps the message when its booking is deleted, without the context', async () => {
    const b = await booking();
    const sent = (
      await send(host.cookie, { toUserId: grower.user.id, content: 'See you there', bookingId: b.id })
    ).json() as Message;
    await handle.db.delete(bookings).where(eq(bookings.id, b.id));
    const list = (await thread(host.cookie, grower.user.id)).json() as Message[];
    expect(list.find((m) => m.id === sent.id)?.booking).toBeNull();
  });
});
