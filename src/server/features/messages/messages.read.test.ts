import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages.ts';
import { messages } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { messagesTestApp, unreadTotal } from '../../testing/messages.ts';
import { eventsOf } from '../../testing/sse-client.ts';

const { app, send, thread, markRead, conversations, stream, db } = await messagesTestApp();

describe('reading a thread', () => {
  const unreadFrom = async (from: number, to: number) =>
    (
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.fromUserId, from), eq(messages.toUserId, to), eq(messages.read, false)))
    ).length;

  it('GET /api/messages/:userId leaves the messages unread and publishes nothing', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await send(a.cookie, { toUserId: b.user.id, content: 'one' });
    await send(a.cookie, { toUserId: b.user.id, content: 'two' });
    const bStream = await stream(b.cookie);
    await bStream.waitFor((e) => e.some((x) => x.event === 'ready'));
    const res = await thread(b.cookie, a.user.id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Message[]).map((m) => m.read)).toEqual([false, false]);
    await thread(b.cookie, a.user.id);
    expect(await unreadFrom(a.user.id, b.user.id)).toBe(2);
    expect(unreadTotal(await conversations(b.cookie))).toBe(2);
    // A later message arrives in order: a read event from the GETs would have come before it.
    await send(a.cookie, { toUserId: b.user.id, content: 'three' });
    await bStream.waitFor((e) => eventsOf(e, 'message').length > 0);
    // (The recipient's notification of the message is announced on its commit, just before it.)
    expect(bStream.events.map((e) => e.event)).toEqual(['ready', 'notification', 'message']);
  });

  it('POST /api/messages/:userId/read marks them read, tells the reader’s tabs, and is idempotent', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await send(a.cookie, { toUserId: b.user.id, content: 'one' });
    await send(a.cookie, { toUserId: b.user.id, content: 'two' });
    await send(b.cookie, { toUserId: a.user.id, content: 'reply' });
    const bStream = await stream(b.cookie);
    await bStream.waitFor((e) => e.some((x) => x.event === 'ready'));
    const res = await markRead(b.cookie, a.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ marked: 2 });
    expect(await unreadFrom(a.user.id, b.user.id)).toBe(0);
    // b's own reply stays unread for a.
    expect(await unreadFrom(b.user.id, a.user.id)).toBe(1);
    expect((await thread(b.cookie, a.user.id)).json().map((m: Message) => m.read)).toEqual([
      true,
      true,
      false,
    ]);
    await bStream.waitFor((e) => e.some((x) => x.event === 'unread'));
    expect(eventsOf(bStream.events, 'unread')).toEqual([{ unreadCount: 0 }]);
    expect((await markRead(b.cookie, a.user.id)).json()).toEqual({ marked: 0 });
  });

  it('POST .../read by a non-participant, anonymously, cross-site or with a bad id changes nothing', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const c = await registerUser(app);
    await send(a.cookie, { toUserId: b.user.id, content: 'for b only' });
    await send(b.cookie, { toUserId: a.user.id, content: 'for a only' });
    for (const other of [a, b])
      expect((await markRead(c.cookie, other.user.id)).json()).toEqual({ marked: 0 });
    expect((await markRead(undefined, a.user.id)).statusCode).toBe(401);
    expect((await markRead(b.cookie, a.user.id, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await markRead(b.cookie, b.user.id)).statusCode).toBe(400);
    expect((await markRead(b.cookie, 999_999)).statusCode).toBe(404);
    expect((await markRead(b.cookie, 'abc')).statusCode).toBe(400);
    expect(await unreadFrom(a.user.id, b.user.id)).toBe(1);
    expect(await unreadFrom(b.user.id, a.user.id)).toBe(1);
  });
});
