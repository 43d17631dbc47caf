import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '#shared/messages.ts';
import { buildApp } from '../../app.ts';
import { postgresHandle } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { createTestDb, testConfig } from '../../testing/test-app.ts';
import { eventsOf, openSse, type SseClient } from '../../testing/sse-client.ts';

// Built by hand (not buildTestApp) to keep the PostgreSQL URL for the second-instance test.
const { handle, url: pgUrl, drop } = await createTestDb();
const config = testConfig();
const app = await buildApp({ config, db: handle, logger: false, serveClient: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const streams: SseClient[] = [];
afterAll(async () => {
  for (const s of streams) s.close();
  await app.close();
  await drop();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

const send = (cookie: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/messages',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const thread = (cookie: string, userId: number | string) =>
  app.inject({ method: 'GET', url: `/api/messages/${userId}`, headers: { cookie } });
const markRead = (
  cookie: string | undefined,
  userId: number | string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/messages/${userId}/read`,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
const conversations = async (cookie: string) =>
  (
    await app.inject({ method: 'GET', url: '/api/messages/conversations', headers: { cookie } })
  ).json() as Conversation[];
const stream = async (cookie?: string, at = base) => {
  const s = await openSse(`${at}/api/messages/stream`, cookie);
  streams.push(s);
  return s;
};
const unreadTotal = (list: Conversation[]) => list.reduce((n, c) => n + c.unreadCount, 0);

const ann = await registerUser(app, { name: 'Ann Alder' });
const bob = await registerUser(app, { name: 'Bob Birch' });

describe('POST /api/messages', () => {
  it('needs a session', async () => {
    const res = await send(undefined, { toUserId: bob.user.id, content: 'hi' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('stores trimmed content as text and answers the message', async () => {
    const res = await send(ann.cookie, {
      toUserId: bob.user.id,
      content: '  <b>Hello</b> & welcome\nline two  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fromUserId: ann.user.id,
      toUserId: bob.user.id,
      content: '<b>Hello</b> & welcome\nline two',
      read: false,
    });
    expect(typeof res.json().id).toBe('number');
  });

  it('validates input: empty, blank, too long, missing or bad recipient', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ toUserId: bob.user.id, content: '' }, 400, /empty/],
      [{ toUserId: bob.user.id, content: '   \n\t ' }, 400, /empty/],
      [{ toUserId: bob.user.id, content: 'x'.repeat(4001) }, 400, /at most 4000/],
      [{ toUserId: bob.user.id }, 400, /content is required/i],
      [{ content: 'hi' }, 400, /toUserId/],
      [{ toUserId: 'abc', content: 'hi' }, 400, /toUserId/],
      [{ toUserId: 0, content: 'hi' }, 400, /toUserId/],
      [{ toUserId: 999_999, content: 'hi' }, 404, /Recipient not found/],
      [{ toUserId: ann.user.id, content: 'hi' }, 400, /cannot message yourself/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await send(ann.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await send(ann.cookie, { toUserId: bob.user.id, content: 'x'.repeat(4000) })).statusCode).toBe(
      201,
    );
  });
});

describe('GET /api/users/:id', () => {
  const profile = (id: number, cookie?: string) =>
    app.inject({ method: 'GET', url: `/api/users/${id}`, headers: cookie ? { cookie } : {} });
  const publicKeys = ['avatar', 'createdAt', 'displayName', 'id'];

  it('gives anonymous callers and strangers the public profile only: no username, no full name', async () => {
    const host = await registerUser(app, { name: 'Hazel  Hawthorn' });
    const stranger = await registerUser(app);
    // A conversation the host has with someone else does not make the stranger a partner.
    await send(ann.cookie, { toUserId: host.user.id, content: 'hello host' });
    for (const cookie of [undefined, stranger.cookie]) {
      const res = await profile(host.user.id, cookie);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(publicKeys);
      expect(res.json()).toEqual({
        id: host.user.id,
        displayName: 'Hazel',
        avatar: null,
        createdAt: expect.any(String),
      });
      expect(res.body).not.toContain(host.input.username);
      expect(res.body).not.toContain('Hawthorn');
    }
    expect((await profile(999_999)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/users/abc' })).statusCode).toBe(400);
  });

  it('gives username and full name to the user themself and to users who share a conversation, either way', async () => {
    const host = await registerUser(app, { name: 'Hazel Hawthorn' });
    const writer = await registerUser(app);
    const reader = await registerUser(app);
    await send(writer.cookie, { toUserId: host.user.id, content: 'is the plot free?' });
    await send(host.cookie, { toUserId: reader.user.id, content: 'a plot came free' });
    const full = {
      id: host.user.id,
      displayName: 'Hazel',
      name: 'Hazel Hawthorn',
      username: host.input.username,
    };
    for (const viewer of [host, writer, reader]) {
      const res = await profile(host.user.id, viewer.cookie);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual([...publicKeys, 'name', 'username'].sort());
      expect(res.json()).toMatchObject(full);
    }
    // The partnership works both ways: the host sees the writer's full profile too.
    expect((await profile(writer.user.id, host.cookie)).json()).toMatchObject({
      username: writer.input.username,
    });
  });
});

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
    expect(cStream.events.map((e) => e.event)).toEqual(['ready', 'message']);
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
    await bStream.waitFor(
      (e) => eventsOf<{ message: Message }>(e, 'message').some((x) => x.message.id === last.id),
      10_000,
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
    expect(bStream.events.map((e) => e.event)).toEqual(['ready', 'message']);
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

describe('GET /api/messages/stream', () => {
  it('is for signed-in users only', async () => {
    const s = await stream();
    expect(s.status).toBe(401);
    const bad = await stream('ys_session=made-up');
    expect(bad.status).toBe(401);
  });

  it('pushes new messages and unread counts to every open tab of the recipient', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const tab1 = await stream(b.cookie);
    const tab2 = await stream(b.cookie);
    const sender = await stream(a.cookie);
    for (const s of [tab1, tab2, sender]) await s.waitFor((e) => e.some((x) => x.event === 'ready'));
    expect(eventsOf(tab1.events, 'ready')).toEqual([{ unreadCount: 0 }]);
    const posted = (await send(a.cookie, { toUserId: b.user.id, content: 'live!' })).json() as Message;
    // How fast is measured by npm run bench:messages, not here.
    for (const s of [tab1, tab2]) await s.waitFor((e) => e.some((x) => x.event === 'message'));
    const ev = tab1.events.find((e) => e.event === 'message')!;
    expect(ev.id).toBe(String(posted.id));
    expect(JSON.parse(ev.data)).toEqual({ message: posted, unreadCount: 1 });
    await sender.waitFor((e) => e.some((x) => x.event === 'message'));
    expect(eventsOf<{ unreadCount: number }>(sender.events, 'message')[0].unreadCount).toBe(0);
    await send(a.cookie, { toUserId: b.user.id, content: 'again' });
    await tab2.waitFor((e) => eventsOf(e, 'message').length === 2);
    expect(eventsOf<{ unreadCount: number }>(tab2.events, 'message').map((e) => e.unreadCount)).toEqual([
      1, 2,
    ]);
    // Reading in one tab brings every tab back to zero.
    await markRead(b.cookie, a.user.id);
    for (const s of [tab1, tab2]) await s.waitFor((e) => e.some((x) => x.event === 'unread'));
    expect(eventsOf(tab1.events, 'unread')).toEqual([{ unreadCount: 0 }]);
  });

  it('a message too big for a NOTIFY payload still arrives whole', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const s = await stream(b.cookie);
    await s.waitFor((e) => e.some((x) => x.event === 'ready'));
    const content = '🌱'.repeat(2000); // 8000 bytes of UTF-8
    await send(a.cookie, { toUserId: b.user.id, content });
    await s.waitFor((e) => e.some((x) => x.event === 'message'));
    expect(eventsOf<{ message: Message }>(s.events, 'message')[0].message.content).toBe(content);
  });

  it('sends heartbeats, listens once per instance, and forgets clients that disconnect', async () => {
    const hub = app.messageHub;
    const before = hub.clientCount;
    const prev = hub.heartbeatMs;
    hub.heartbeatMs = 50;
    const listen = handle.listen;
    let listens = 0;
    handle.listen = (...args) => {
      listens += 1;
      return listen(...args);
    };
    try {
      const u = await registerUser(app);
      const opened = await Promise.all([1, 2, 3, 4, 5].map(() => stream(u.cookie)));
      for (const s of opened) await s.waitFor((e) => e.some((x) => x.event === 'ready'));
      expect(hub.clientCount).toBe(before + 5);
      expect(listens).toBe(0); // the instance already listens: no new LISTEN for new clients
      for (let i = 0; i < 250 && opened.some((s) => s.comments < 2); i++)
        await new Promise((r) => setTimeout(r, 20));
      for (const s of opened) expect(s.comments).toBeGreaterThanOrEqual(2);
      for (const s of opened) s.close();
      for (let i = 0; i < 50 && hub.clientCount > before; i++) await new Promise((r) => setTimeout(r, 20));
      expect(hub.clientCount).toBe(before);
    } finally {
      hub.heartbeatMs = prev;
      handle.listen = listen;
    }
  });

  it('closes streams and refuses new ones (503) while its LISTEN connection is lost, then recovers', async () => {
    const hub = app.messageHub;
    const u = await registerUser(app);
    const s = await stream(u.cookie);
    await s.waitFor((e) => e.some((x) => x.event === 'ready'));
    const notify = handle.notify;
    // The listener hears nothing: pings go unanswered.
    handle.notify = async (channel, payload) => {
      if (!payload.includes('"ping"')) await notify(channel, payload);
    };
    try {
      hub.checkHealth();
      hub.checkHealth();
      expect(hub.healthy).toBe(false);
      await s.closed;
      const refused = await stream(u.cookie);
      expect(refused.status).toBe(503);
    } finally {
      handle.notify = notify;
    }
    hub.checkHealth();
    for (let i = 0; i < 50 && !hub.healthy; i++) await new Promise((r) => setTimeout(r, 20));
    expect(hub.healthy).toBe(true);
    const again = await stream(u.cookie);
    expect(again.status).toBe(200);
  });

  it.runIf(Boolean(pgUrl))(
    'a message posted through one instance reaches an SSE client of a second instance on the same PostgreSQL',
    async () => {
      const second = postgresHandle(pgUrl!, 2);
      const cfg2 = testConfig();
      const app2 = await buildApp({ config: cfg2, db: second, logger: false, serveClient: false });
      try {
        await app2.listen({ port: 0, host: '127.0.0.1' });
        const base2 = `http://127.0.0.1:${(app2.server.address() as AddressInfo).port}`;
        const a = await registerUser(app);
        const b = await registerUser(app);
        // b's session, made on instance 1, is good on instance 2: sessions live in the database.
        const s = await stream(b.cookie, base2);
        expect(s.status).toBe(200);
        await s.waitFor((e) => e.some((x) => x.event === 'ready'));
        const posted = (
          await send(a.cookie, { toUserId: b.user.id, content: 'across instances' })
        ).json() as Message;
        await s.waitFor((e) => e.some((x) => x.event === 'message'), 2000);
        expect(eventsOf<{ message: Message; unreadCount: number }>(s.events, 'message')[0]).toEqual({
          message: posted,
          unreadCount: 1,
        });
        // And back: a read on instance 1 updates the unread count on instance 2.
        await markRead(b.cookie, a.user.id);
        await s.waitFor((e) => e.some((x) => x.event === 'unread'), 2000);
        expect(eventsOf(s.events, 'unread')).toEqual([{ unreadCount: 0 }]);
        s.close();
      } finally {
        await app2.close();
        await second.close();
        fs.rmSync(cfg2.dataDir, { recursive: true, force: true });
      }
    },
  );
});

function db() {
  return handle.db;
}
