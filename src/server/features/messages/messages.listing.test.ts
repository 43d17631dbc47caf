import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages.ts';
import { listings, messages } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { messagesTestApp } from '../../testing/messages.ts';

// A thread started with "Contact Host" knows the listing it is about (ADR 052).
const { app, handle, send, thread } = await messagesTestApp();

const host = await registerUser(app, { name: 'Hana Host' });
const grower = await registerUser(app, { name: 'Gus Grower' });
const stranger = await registerUser(app, { name: 'Sam Stranger' });
const beds = await insertListing(handle, host.user.id, { images: [], title: 'Creek beds' });

describe('POST /api/messages with the listing it is about', () => {
  it('stores the listing, answers it and shows it in the thread to both', async () => {
    const res = await send(grower.cookie, {
      toUserId: host.user.id,
      content: 'Is it free?',
      listingId: beds.id,
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json() as Message;
    expect(sent.listing).toEqual({ id: beds.id, title: 'Creek beds' });
    const [row] = await handle.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row.listingId).toBe(beds.id);
    for (const [cookie, other] of [
      [host.cookie, grower.user.id],
      [grower.cookie, host.user.id],
    ] as const) {
      const list = (await thread(cookie, other)).json() as Message[];
      expect(list.find((m) => m.id === sent.id)?.listing, String(other)).toEqual({
        id: beds.id,
        title: 'Creek beds',
      });
    }
    // The host answers about the same listing: it is theirs.
    const reply = await send(host.cookie, { toUserId: grower.user.id, content: 'Yes', listingId: beds.id });
    expect(reply.statusCode).toBe(201);
  });

  it('is null without one, and the title is read now', async () => {
    const plain = await send(grower.cookie, { toUserId: host.user.id, content: 'Hello' });
    expect(plain.json().listing).toBeNull();
    await handle.db.update(listings).set({ title: 'Creek beds, renamed' }).where(eq(listings.id, beds.id));
    const list = (await thread(grower.cookie, host.user.id)).json() as Message[];
    expect(list.find((m) => m.listing)?.listing?.title).toBe('Creek beds, renamed');
  });

  it('refuses a listing of neither party, or none at all, storing nothing; a malformed id is a 400', async () => {
    const other = await insertListing(handle, stranger.user.id, { images: [] });
    const before = (await handle.db.select({ id: messages.id }).from(messages)).length;
    for (const listingId of [other.id, 999_999]) {
      const res = await send(grower.cookie, { toUserId: host.user.id, content: 'Hi', listingId });
      expect(res.statusCode, String(listingId)).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'This listing is not yours or theirs',
        code: 'LISTING_NOT_SHARED',
      });
    }
    for (const listingId of ['abc', -1, 1.5, 2 ** 40]) {
      const res = await send(grower.cookie, { toUserId: host.user.id, content: 'Hi', listingId });
      expect(res.statusCode, String(listingId)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await handle.db.select({ id: messages.id }).from(messages)).length).toBe(before);
  });

  it('keeps the message when the listing is deleted: the listing becomes null', async () => {
    const gone = await insertListing(handle, host.user.id, { images: [], title: 'Soon gone' });
    const res = await send(grower.cookie, {
      toUserId: host.user.id,
      content: 'Still there?',
      listingId: gone.id,
    });
    await handle.db.delete(listings).where(eq(listings.id, gone.id));
    const list = (await thread(grower.cookie, host.user.id)).json() as Message[];
    expect(list.find((m) => m.id === res.json().id)?.listing).toBeNull();
  });
});
