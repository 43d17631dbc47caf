import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MAIL_DELAY_MS, type Notification } from '#shared/notifications.ts';
import { mailOutbox, messages, notifications } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { messagesTestApp } from '../../testing/messages.ts';
import { eventsOf } from '../../testing/sse-client.ts';
import { mailUnreadMessages } from './notifications.mail.ts';

// New messages: one unread notification per sender that grows, read with the thread; e-mailed only
// when still unread 10 minutes later, one mail per conversation; pushed live to the bell.
const { app, send, markRead, stream, db } = await messagesTestApp();
type Who = Awaited<ReturnType<typeof registerUser>>;

const messageNotices = (userId: number) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'message')))
    .orderBy(notifications.id);
const messageMails = (userId: number) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'message')));
const sendOk = async (from: Who, to: Who, content: string) => {
  const res = await send(from.cookie, { toUserId: to.user.id, content });
  expect(res.statusCode, res.body).toBe(201);
};
const later = (ms = MESSAGE_MAIL_DELAY_MS + 60_000) => new Date(Date.now() + ms);
const mailJob = (now: Date) => mailUnreadMessages(db(), app.config, now);

describe('message notifications', () => {
  it('collapse: three messages from one sender make one unread notification with count 3', async () => {
    const ann = await registerUser(app, { name: 'Ann Baker' });
    const bob = await registerUser(app);
    for (const text of ['Hello', 'Are the beds free?', 'Thanks!']) await sendOk(ann, bob, text);
    const rows = await messageNotices(bob.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: ann.user.id,
      count: 3,
      title: 'Ann sent you 3 messages',
      body: 'Thanks!',
      link: `/messages/${ann.user.id}`,
      readAt: null,
    });
    expect(await messageNotices(ann.user.id)).toEqual([]);
    // Not e-mailed now: the delayed job does that.
    expect(await messageMails(bob.user.id)).toEqual([]);
    // It lists first again: the grown row has the newest id.
    await db().transaction((tx) =>
      app.notifications.notify(tx, {
        userId: bob.user.id,
        kind: 'hours_logged',
        title: 't',
        body: 'b',
        link: '/bookings/1',
      }),
    );
    await sendOk(ann, bob, 'One more');
    const list = (
      await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: bob.cookie } })
    ).json().items as Notification[];
    expect(list.map((n) => [n.kind, n.count])).toEqual([
      ['message', 4],
      ['hours_logged', 1],
    ]);
    expect(list[0].actor).toMatchObject({ id: ann.user.id, displayName: 'Ann' });
  });

  it('20 parallel sends from one sender still make one unread row', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(a.cookie, { toUserId: b.user.id, content: `msg ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const rows = await messageNotices(b.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].count).toBe(20);
  });

  it('reading the thread reads its notification; the next message starts a new one', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const c = await registerUser(app);
    await sendOk(a, b, 'first');
    await sendOk(c, b, 'from c');
    expect((await markRead(b.cookie, a.user.id)).json()).toEqual({ marked: 1 });
    const rows = await messageNotices(b.user.id);
    expect(rows.find((r) => r.actorId === a.user.id)?.readAt).not.toBeNull();
    expect(rows.find((r) => r.actorId === c.user.id)?.readAt).toBeNull();
    await sendOk(a, b, 'second');
    const fromA = (await messageNotices(b.user.id)).filter((r) => r.actorId === a.user.id);
    expect(fromA.map((r) => [r.count, r.readAt === null])).toEqual([
      [1, false],
      [1, true],
    ]);
  });
});

describe('the message-mail job', () => {
  it('mails three unread messages as one e-mail after 10 minutes, and never again', async () => {
    const ann = await registerUser(app, { name: 'Ann Baker' });
    const bob = await registerUser(app);
    for (const text of ['Hello Bob', 'Are the beds free?', 'Thanks!']) await sendOk(ann, bob, text);
    // Not before the delay.
    await mailJob(later(5 * 60_000));
    expect(await messageMails(bob.user.id)).toEqual([]);
    await mailJob(later());
    const mails = await messageMails(bob.user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: bob.input.email, subject: '3 new messages from Ann' });
    for (const text of ['Hello Bob', 'Are the beds free?', 'Thanks!', `/messages/${ann.user.id}`])
      expect(mails[0].text).toContain(text);
    expect(mails[0].headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await mailJob(later());
    expect(await messageMails(bob.user.id)).toHaveLength(1);
    expect(await messageMails(ann.user.id)).toEqual([]);
  });

  it('runs concurrently (or on two instances) and still mails each conversation once', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const c = await registerUser(app);
    await sendOk(a, b, 'one');
    await sendOk(a, b, 'two');
    await sendOk(c, b, 'other sender');
    await Promise.all([mailJob(later()), mailJob(later()), mailJob(later())]);
    const mails = await messageMails(b.user.id);
    expect(mails).toHaveLength(2);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.toUserId, b.user.id), sql`${messages.emailedAt} is null`));
    expect(n).toBe(0);
  });

  it('does not mail a message read within the 10 minutes, nor a user who turned message mail off', async () => {
    const a = await registerUser(app);
    const reader = await registerUser(app);
    const quiet = await registerUser(app);
    await sendOk(a, reader, 'read me');
    await markRead(reader.cookie, a.user.id);
    await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: quiet.cookie },
      payload: { email: { message: false } },
    });
    await sendOk(a, quiet, 'psst');
    await mailJob(later());
    expect(await messageMails(reader.user.id)).toEqual([]);
    expect(await messageMails(quiet.user.id)).toEqual([]);
  });

  it('is registered with the job runner', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await sendOk(a, b, 'through the runner');
    const ran = await app.jobs.tick(later());
    expect(ran).toContain('notifications.message-mail');
    expect(await messageMails(b.user.id)).toHaveLength(1);
  });
});

describe('live notifications on the event stream', () => {
  it('the recipient’s tabs get the notification and the bell count; reading elsewhere updates them', async () => {
    const a = await registerUser(app, { name: 'Ann Baker' });
    const b = await registerUser(app);
    await db().transaction((tx) =>
      app.notifications.notify(tx, {
        userId: b.user.id,
        kind: 'booking_paid',
        title: 't',
        body: 'b',
        link: '/bookings/1',
      }),
    );
    const tab = await stream(b.cookie);
    const sender = await stream(a.cookie);
    for (const s of [tab, sender]) await s.waitFor((e) => e.some((x) => x.event === 'ready'));
    expect(eventsOf(tab.events, 'ready')).toEqual([{ unreadCount: 0, notificationCount: 1 }]);
    await sendOk(a, b, 'live hello');
    await tab.waitFor((e) => e.some((x) => x.event === 'notification'));
    const [ev] = eventsOf<{ notification: Notification; unreadCount: number }>(tab.events, 'notification');
    expect(ev.unreadCount).toBe(2);
    expect(ev.notification).toMatchObject({
      kind: 'message',
      link: `/messages/${a.user.id}`,
      title: 'Ann sent you a message',
      body: 'live hello',
      count: 1,
      read: false,
      actor: { id: a.user.id, displayName: 'Ann' },
    });
    // Reading the thread reads its notification: the bell drops.
    await markRead(b.cookie, a.user.id);
    await tab.waitFor((e) => e.some((x) => x.event === 'notificationsUnread'));
    expect(eventsOf(tab.events, 'notificationsUnread')).toEqual([{ unreadCount: 1 }]);
    // Marking all read in another tab.
    await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: b.cookie },
      payload: { all: true },
    });
    await tab.waitFor((e) => eventsOf(e, 'notificationsUnread').length === 2);
    expect(eventsOf(tab.events, 'notificationsUnread')[1]).toEqual({ unreadCount: 0 });
    // The sender's own stream saw the message, never a notification.
    await sender.waitFor((e) => e.some((x) => x.event === 'message'));
    expect(eventsOf(sender.events, 'notification')).toEqual([]);
  });
});
