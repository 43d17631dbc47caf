import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
} from '#shared/notifications.ts';
import { mailOutbox, notificationPrefs, users } from '../../db/schema.ts';
import { UNSUBSCRIBE_SECRET } from '../../mail/compose.ts';
import { appSecret, signUnsubscribe } from '../../mail/secrets.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();
type Who = { cookie: string; user: { id: number } };

const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

// Notifications made as a feature makes them: in a transaction, through notify.
async function seed(
  userId: number,
  n: number,
  kind: NotificationKind = 'booking_accepted',
  actorId?: number,
) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push(
      (await db.db.transaction((tx) =>
        app.notifications.notify(tx, {
          userId,
          kind,
          actorId,
          title: `Notice ${i + 1}`,
          body: 'Something happened',
          link: `/bookings/${i + 1}`,
        }),
      ))!,
    );
  return ids;
}
const mailsOf = (userId: number, kind: string) =>
  db.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));
const prefsOf = async (who: Who) =>
  (await call(who, 'GET', '/api/notifications/preferences')).json().email as Record<
    NotificationKind,
    boolean
  >;

describe('GET /api/notifications', () => {
  it('lists the user’s own, newest first, a page at a time with an opaque cursor', async () => {
    const me = await registerUser(app);
    const other = await registerUser(app);
    await seed(me.user.id, 25);
    await seed(other.user.id, 2);
    const first = await call(me, 'GET', '/api/notifications');
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { items: Notification[]; nextCursor: string | null };
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]).toMatchObject({
      title: 'Notice 25',
      kind: 'booking_accepted',
      link: '/bookings/25',
      read: false,
      count: 1,
      actor: null,
    });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await call(me, 'GET', `/api/notifications?cursor=${encodeURIComponent(page1.nextCursor!)}`)
    ).json();
    expect(page2.items.map((n: Notification) => n.title)).toEqual([
      'Notice 5',
      'Notice 4',
      'Notice 3',
      'Notice 2',
      'Notice 1',
    ]);
    expect(page2.nextCursor).toBeNull();
    const small = (await call(me, 'GET', '/api/notifications?limit=2')).json();
    expect(small.items).toHaveLength(2);
    const next = (await call(me, 'GET', `/api/notifications?limit=2&cursor=${small.nextCursor}`)).json();
    expect(next.items.map((n: Notification) => n.title)).toEqual(['Notice 23', 'Notice 22']);
  });

  it('answers 401 signed out and 400 for a bad cursor or limit', async () => {
    const me = await registerUser(app);
    expect((await call(null, 'GET', '/api/notifications')).statusCode).toBe(401);
    for (const q of ['cursor=abc', 'cursor=%7B%7D', 'limit=0', 'limit=51', 'limit=x']) {
      const res = await call(me, 'GET', `/api/notifications?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('read and unread', () => {
  it('GET /api/notifications/unread-count counts the user’s unread notifications', async () => {
    const me = await registerUser(app);
    expect((await call(me, 'GET', '/api/notifications/unread-count')).json()).toEqual({ count: 0 });
    await seed(me.user.id, 3);
    expect((await call(me, 'GET', '/api/notifications/unread-count')).json()).toEqual({ count: 3 });
    expect((await call(null, 'GET', '/api/notifications/unread-count')).statusCode).toBe(401);
  });

  it('POST /api/notifications/read marks some of one’s own, then all; others’ ids change nothing', async () => {
    const me = await registerUser(app);
    const other = await registerUser(app);
    const mine = await seed(me.user.id, 4);
    const theirs = await seed(other.user.id, 2);
    const some = await call(me, 'POST', '/api/notifications/read', { ids: [mine[0], mine[1], ...theirs] });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toEqual({ marked: 2, unreadCount: 2 });
    expect((await call(other, 'GET', '/api/notifications/unread-count')).json()).toEqual({ count: 2 });
    // Again: already read, nothing more.
    expect((await call(me, 'POST', '/api/notifications/read', { ids: [mine[0]] })).json()).toEqual({
      marked: 0,
      unreadCount: 2,
    });
    const items = (await call(me, 'GET', '/api/notifications')).json().items as Notification[];
    expect(items.map((n) => n.read)).toEqual([false, false, true, true]);
    expect((await call(me, 'POST', '/api/notifications/read', { all: true })).json()).toEqual({
      marked: 2,
      unreadCount: 0,
    });
    expect((await call(other, 'GET', '/api/notifications/unread-count')).json()).toEqual({ count: 2 });
  });

  it('refuses a bad body, and signed-out or cross-site requests', async () => {
    const me = await registerUser(app);
    for (const body of [{}, { ids: [] }, { ids: [0] }, { all: false }, { ids: [1], all: true }]) {
      const res = await call(me, 'POST', '/api/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(null, 'POST', '/api/notifications/read', { all: true })).statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
      payload: { all: true },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('preferences and e-mail', () => {
  it('GET gives every kind’s default; PUT changes some and keeps the rest', async () => {
    const me = await registerUser(app);
    const defaults = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, NOTIFICATION_KIND_INFO[k].email]));
    expect(await prefsOf(me)).toEqual(defaults);
    const res = await call(me, 'PUT', '/api/notifications/preferences', {
      email: { booking_accepted: false, hours_logged: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toEqual({ ...defaults, booking_accepted: false, hours_logged: true });
    await call(me, 'PUT', '/api/notifications/preferences', { email: { booking_accepted: true } });
    expect((await prefsOf(me)).booking_accepted).toBe(true);
    expect(
      (await call(me, 'PUT', '/api/notifications/preferences', { email: { nope: true } })).statusCode,
    ).toBe(400);
    expect((await call(null, 'GET', '/api/notifications/preferences')).statusCode).toBe(401);
  });

  it('e-mails a kind whose preference is on (with one-click unsubscribe), never one turned off', async () => {
    const me = await registerUser(app);
    await seed(me.user.id, 1, 'booking_declined');
    const [mail] = await mailsOf(me.user.id, 'booking_declined');
    expect(mail).toMatchObject({ toAddress: me.input.email, subject: 'Notice 1' });
    expect(mail.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:\d+\/api\/unsubscribe\?token=.+>$/,
    );
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('/bookings/1');
    expect(mail.text).toContain('Choose which e-mails you get in Account Settings');
    await call(me, 'PUT', '/api/notifications/preferences', { email: { booking_declined: false } });
    await seed(me.user.id, 1, 'booking_declined');
    expect(await mailsOf(me.user.id, 'booking_declined')).toHaveLength(1);
    // Off by default: in the app only.
    await seed(me.user.id, 1, 'hours_logged');
    expect(await mailsOf(me.user.id, 'hours_logged')).toHaveLength(0);
    expect((await call(me, 'GET', '/api/notifications/unread-count')).json().count).toBe(3);
  });

  it('notifies nobody for a deleted account, and never the actor of the event', async () => {
    const gone = await registerUser(app);
    await db.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    expect(await seed(gone.user.id, 1)).toEqual([null]);
    const me = await registerUser(app);
    expect(await seed(me.user.id, 1, 'booking_accepted', me.user.id)).toEqual([null]);
  });
});

describe('unsubscribe links', () => {
  const tokenOf = async (userId: number, kind: string) =>
    signUnsubscribe(await appSecret(db.db, UNSUBSCRIBE_SECRET), userId, kind);
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('the link in the mail turns that kind off in one POST, with no cookie and from a foreign origin', async () => {
    const me = await registerUser(app);
    await seed(me.user.id, 1, 'booking_accepted');
    const [mail] = await mailsOf(me.user.id, 'booking_accepted');
    const url = new URL(mail.headers['List-Unsubscribe'].slice(1, -1));
    // A GET only says what the link does.
    const look = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(look.statusCode).toBe(200);
    expect(look.json()).toMatchObject({
      kind: 'booking_accepted',
      message: expect.stringContaining('Booking accepted'),
    });
    expect((await prefsOf(me)).booking_accepted).toBe(true);
    const res = await oneClick(url.searchParams.get('token')!, { origin: 'https://mail.example.net' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/no longer get e-mails for “Booking accepted”/);
    const prefs = await prefsOf(me);
    expect(prefs.booking_accepted).toBe(false);
    expect(prefs.booking_declined).toBe(true);
    // Again: still off, still 200.
    expect((await oneClick(url.searchParams.get('token')!)).statusCode).toBe(200);
    await seed(me.user.id, 1, 'booking_accepted');
    expect(await mailsOf(me.user.id, 'booking_accepted')).toHaveLength(1);
  });

  it('an "all" link turns every kind off', async () => {
    const me = await registerUser(app);
    const res = await oneClick(await tokenOf(me.user.id, 'all'));
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.values(await prefsOf(me)).every((v) => v === false)).toBe(true);
    const rows = await db.db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, me.user.id));
    expect(rows).toHaveLength(NOTIFICATION_KINDS.length);
  });

  it('a forged, altered or foreign-kind token is refused with 400 and changes nothing', async () => {
    const me = await registerUser(app);
    const other = await registerUser(app);
    const good = await tokenOf(me.user.id, 'booking_paid');
    const forged = good.replace(/^\d+/, String(other.user.id));
    const tampered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [forged, tampered, await tokenOf(me.user.id, 'verify_email'), 'x', '']) {
      const res = await oneClick(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      expect((await app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` })).statusCode).toBe(
        400,
      );
    }
    expect((await app.inject({ method: 'POST', url: '/api/unsubscribe' })).statusCode).toBe(400);
    expect((await prefsOf(other)).booking_paid).toBe(true);
    expect((await prefsOf(me)).booking_paid).toBe(true);
    expect((await oneClick(good)).statusCode).toBe(200);
    expect((await prefsOf(me)).booking_paid).toBe(false);
    expect((await prefsOf(other)).booking_paid).toBe(true);
  });
});
