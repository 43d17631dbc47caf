import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages.ts';
import { messages } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { messagesTestApp, unreadTotal } from '../../testing/messages.ts';
import { eventsOf } from '../../testing/sse-client.ts';

const { app, send, thread, markRead, conversations, stream, db } = await messagesTestApp();

const ann = await registerUser(app, { name: 'Ann Alder' });

describe('threads and conversations', () => {
  it('orders a thread by server sequence; POST .../read marks only the other party’s messages read', async () => {
    const x = await registerUser(app);
    const y = await registerUser(app);
    const ids: number[] = [];
    for (const [from, to, content] of [
      [x, y, 'one'],
      [y, x, 'two'],
      [x, y, 'three'],
    ] as const) {
      ids.push((await send(from.cookie, { toUserId: to.user.id, content })).json().id);
    }
    const res = await thread(y.cookie, x.user.id);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Message[];
    expect(list.map((m) => m.content)).toEqual(['one', 'two', 'three']);
    expect(list.map((m) => m.id)).toEqual(ids);
    expect((await markRead(y.cookie, x.user.id)).json()).toEqual({ marked: 2 });
    // y read x's two messages; y's own message to x stays unread until x reads it.
    const rows = await db().select().from(messages).where(eq(messages.toUserId, x.user.id));
    expect(rows.map((r) => r.read)).toEqual([false]);
    expect(
      (
        await db()
          .select()
          .from(messages)
          .where(and(eq(messages.toUserId, y.user.id), eq(messages.read, true)))
      ).length,
    ).toBe(2);
  });

  it('answers 400 for a bad id or oneself, 404 for an unknown user, [] for no messages yet', async () => {
    expect((await thread(ann.cookie, 'abc')).statusCode).toBe(400);
    expect((await thread(ann.cookie, ann.user.id)).statusCode).toBe(400);
    expect((await thread(ann.cookie, 999_999)).statusCode).toBe(404);
    const z = await registerUser(app);
    const res = await thread(ann.cookie, z.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/messages/${z.user.id}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/messages/conversations' })).statusCode).toBe(401);
  });

  it('summarises one conversation per other party, most recent first, with unread counts going up and back to zero', async () => {
    const me = await registerUser(app);
    const p = await registerUser(app, { name: 'Pat Pine' });
    const q = await registerUser(app, { name: 'Quinn Quince' });
    expect(await conversations(me.cookie)).toEqual([]);
    await send(p.cookie, { toUserId: me.user.id, content: 'p1' });
    await send(p.cookie, { toUserId: me.user.id, content: 'p2' });
    await send(q.cookie, { toUserId: me.user.id, content: 'q1' });
    let list = await conversations(me.cookie);
    expect(list.map((c) => c.userId)).toEqual([q.user.id, p.user.id]);
    expect(list[1]).toMatchObject({
      user: { name: 'Pat Pine', username: p.input.username, avatar: null },
      unreadCount: 2,
      lastMessage: { content: 'p2', fromUserId: p.user.id },
    });
    expect(unreadTotal(list)).toBe(3);
    // My reply moves p to the top; it does not change my unread count.
    await send(me.cookie, { toUserId: p.user.id, content: 'hi p' });
    list = await conversations(me.cookie);
    expect(list.map((c) => c.userId)).toEqual([p.user.id, q.user.id]);
    expect(list[0].lastMessage).toMatchObject({ content: 'hi p', fromUserId: me.user.id });
    expect(unreadTotal(list)).toBe(3);
    await markRead(me.cookie, p.user.id);
    list = await conversations(me.cookie);
    expect(list.find((c) => c.userId === p.user.id)?.unreadCount).toBe(0);
    expect(unreadTotal(list)).toBe(1);
    await markRead(me.cookie, q.user.id);
    expect(unreadTotal(await conversations(me.cookie))).toBe(0);
    // p has my reply unread.
    expect(unreadTotal(await conversations(p.cookie))).toBe(1);
  });

  it('a third user can never read or infer another pair’s thread', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const c = await registerUser(app);
    await send(a.cookie, { toUserId: b.user.id, content: 'secret for b' });
    await send(b.cookie, { toUserId: a.user.id, content: 'secret for a' });
    const cStream = await stream(c.cookie);
    await cStream.waitFor((e) => e.some((x) => x.event === 'ready'));
    for (const other of [a, b]) {
      const res = await thread(c.cookie, other.user.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    expect(await conversations(c.cookie)).toEqual([]);
    await send(a.cookie, { toUserId: b.user.id, content: 'another secret' });
    // Reading as c marked nothing of the pair's messages read.
    const rows = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.fromUserId, a.user.id), eq(messages.toUserId, b.user.id)));
    expect(rows.every((r) => !r.read)).toBe(true);
    // Events reach a stream in the order they happened: once a later message to c has arrived,
    // anything the pair's messages had leaked to c would be there before it.
    await send(a.cookie, { toUserId: c.user.id, content: 'marker for c' });
    await cStream.waitFor((e) => eventsOf(e, 'message').length > 0);
    // (The recipient's notification of the message is announced on its commit, just before it.)
    expect(cStream.events.map((e) => e.event)).toEqual(['ready', 'notification', 'message']);
    expect(JSON.stringify(cStream.events)).not.toContain('secret');
  });

  it('200 messages sent concurrently both ways all arrive once, in sequence order', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const bStream = await stream(b.cookie);
    await bStream.waitFor((e) => e.some((x) => x.event === 'ready'));
    const sent = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2
          ? send(b.cookie, { toUserId: a.user.id, content: `b${i}` })
          : send(a.cookie, { toUserId: b.user.id, content: `a${i}` }),
      ),
    );
    for (const r of sent) expect(r.statusCode).toBe(201);
    const sentIds = sent.map((r) => r.json().id as number).sort((x, y) => x - y);
    const list = (await thread(a.cookie, b.user.id)).json() as Message[];
    expect(list).toHaveLength(200);
    expect(list.map((m) => m.id)).toEqual(sentIds);
    expect(new Set(list.map((m) => m.content)).size).toBe(200);
    // b's open stream saw each of the 200 exactly once (those to b and those b sent from another tab).
    // A last message, sent after all 200 were stored: when it arrives, no copy can still be on its way.
    const last = (await send(a.cookie, { toUserId: b.user.id, content: 'last' })).json() as Message;
    await bStream.waitFor((e) =>
      eventsOf<{ message: Message }>(e, 'message').some((x) => x.message.id === last.id),
    );
    const got = eventsOf<{ message: Message }>(bStream.events, 'message')
      .map((e) => e.message.id)
      .filter((id) => id !== last.id);
    expect(got).toHaveLength(200);
    expect([...got].sort((x, y) => x - y)).toEqual(sentIds);
    // The unread counts b's tab sees never go back in time, and end at the 100 sent to b.
    const counts = eventsOf<{ unreadCount: number }>(bStream.events, 'message').map((e) => e.unreadCount);
    expect(counts.every((c, i) => i === 0 || c >= counts[i - 1])).toBe(true);
    expect(counts.at(-1)).toBe(101);
  });
});
