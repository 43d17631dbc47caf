import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages.ts';
import { buildApp } from '../../app.ts';
import { postgresHandle } from '../../db/client.ts';
import { registerUser } from '../../testing/factories.ts';
import { messagesTestApp } from '../../testing/messages.ts';
import { eventsOf } from '../../testing/sse-client.ts';
import { testConfig } from '../../testing/test-app.ts';
import { signal, waitFor, waitUntil } from '../../testing/wait.ts';

const { app, handle, pgUrl, send, markRead, stream } = await messagesTestApp();

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
    expect(eventsOf(tab1.events, 'ready')).toEqual([{ unreadCount: 0, notificationCount: 0 }]);
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
    // The hub forgets a client when its response closes: told here when the last of ours is gone.
    const remove = hub.remove;
    const allGone = signal();
    hub.remove = (client) => {
      remove.call(hub, client);
      if (hub.clientCount === before) allGone.resolve();
    };
    try {
      const u = await registerUser(app);
      const opened = await Promise.all([1, 2, 3, 4, 5].map(() => stream(u.cookie)));
      for (const s of opened) await s.waitFor((e) => e.some((x) => x.event === 'ready'));
      expect(hub.clientCount).toBe(before + 5);
      expect(listens).toBe(0); // the instance already listens: no new LISTEN for new clients
      // Each stream wakes its waiter on every heartbeat comment too.
      for (const s of opened) await s.waitFor(() => s.comments >= 2);
      for (const s of opened) expect(s.comments).toBeGreaterThanOrEqual(2);
      for (const s of opened) s.close();
      await waitFor(allGone, { what: 'the hub to forget the 5 disconnected clients' });
      expect(hub.clientCount).toBe(before);
    } finally {
      hub.heartbeatMs = prev;
      handle.listen = listen;
      hub.remove = remove;
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
      await waitFor(s.closed, { what: 'the hub to close the open stream' });
      const refused = await stream(u.cookie);
      expect(refused.status).toBe(503);
    } finally {
      handle.notify = notify;
    }
    hub.checkHealth();
    // Its own ping comes back over the LISTEN connection (another connection on PostgreSQL).
    await waitUntil(() => hub.healthy, { what: 'the hub to hear its ping and be healthy again' });
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
        await s.waitFor((e) => e.some((x) => x.event === 'message'));
        expect(eventsOf<{ message: Message; unreadCount: number }>(s.events, 'message')[0]).toEqual({
          message: posted,
          unreadCount: 1,
        });
        // And back: a read on instance 1 updates the unread count on instance 2.
        await markRead(b.cookie, a.user.id);
        await s.waitFor((e) => e.some((x) => x.event === 'unread'));
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
