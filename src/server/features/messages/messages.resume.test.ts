import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages.ts';
import { registerUser } from '../../testing/factories.ts';
import { messagesTestApp } from '../../testing/messages.ts';
import { eventsOf } from '../../testing/sse-client.ts';

// A stream that reconnects with Last-Event-ID (an EventSource does, with the id of the last
// message it got) first gets every message to or from its user sent meanwhile, in order, each once,
// then ready (ADR 036). Nobody else's messages.
const { app, send, stream } = await messagesTestApp();
const ids = (events: { event: string; id?: string }[]) =>
  events.filter((e) => e.event === 'message').map((e) => Number(e.id));

describe('GET /api/messages/stream with Last-Event-ID', () => {
  it('replays what the user missed, oldest first, before ready, and nothing of other people', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const c = await registerUser(app);
    const tab = await stream(b.cookie);
    await tab.waitFor((e) => e.some((x) => x.event === 'ready'));
    const first = (
      await send(a.cookie, { toUserId: b.user.id, content: 'before the drop' })
    ).json() as Message;
    await tab.waitFor((e) => ids(e).includes(first.id));
    tab.close();
    const missed: number[] = [];
    missed.push(
      ((await send(a.cookie, { toUserId: b.user.id, content: 'while away 1' })).json() as Message).id,
    );
    await send(a.cookie, { toUserId: c.user.id, content: 'not for b' });
    missed.push(
      ((await send(b.cookie, { toUserId: a.user.id, content: 'from another tab' })).json() as Message).id,
    );
    missed.push(
      ((await send(a.cookie, { toUserId: b.user.id, content: 'while away 2' })).json() as Message).id,
    );
    const back = await stream(b.cookie, undefined, { 'last-event-id': String(first.id) });
    await back.waitFor((e) => e.some((x) => x.event === 'ready'));
    const order = back.events.map((e) => e.event);
    expect(order.slice(0, 4)).toEqual(['message', 'message', 'message', 'ready']);
    expect(ids(back.events)).toEqual(missed);
    const replayed = eventsOf<{ message: Message; unreadCount: number }>(back.events, 'message');
    expect(replayed.map((r) => r.message.content)).toEqual([
      'while away 1',
      'from another tab',
      'while away 2',
    ]);
    expect(replayed[0]!.unreadCount).toBe(3);
  });

  it('a message sent while the replay runs arrives once', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const sent: number[] = [];
    for (let i = 0; i < 5; i++)
      sent.push(((await send(a.cookie, { toUserId: b.user.id, content: `m${i}` })).json() as Message).id);
    const [back, late] = await Promise.all([
      stream(b.cookie, undefined, { 'last-event-id': String(sent[0]! - 1) }),
      Promise.all(
        [5, 6, 7].map(
          async (i) =>
            ((await send(a.cookie, { toUserId: b.user.id, content: `m${i}` })).json() as Message).id,
        ),
      ),
    ]);
    const all = [...sent, ...late];
    await back.waitFor((e) => all.every((id) => ids(e).includes(id)));
    await back.waitFor((e) => e.some((x) => x.event === 'ready'));
    expect([...ids(back.events)].sort((x, y) => x - y)).toEqual(all.sort((x, y) => x - y));
  });

  it('an unusable Last-Event-ID replays nothing', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await send(a.cookie, { toUserId: b.user.id, content: 'old' });
    for (const header of ['abc', '-1', '0', '1.5']) {
      const s = await stream(b.cookie, undefined, { 'last-event-id': header });
      await s.waitFor((e) => e.some((x) => x.event === 'ready'));
      expect(
        s.events.map((e) => e.event),
        header,
      ).toEqual(['ready']);
      s.close();
    }
  });
});
