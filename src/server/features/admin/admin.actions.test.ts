import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { REMOVED_MESSAGE_TEXT, suspendedMessage } from '#shared/moderation.ts';
import { auditLog, listings, messages, notifications, reports, sessions, users } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// The console's actions (ADR 029), with the public read cache on: hiding a listing and
// suspending a host must drop it.
const { indexHtml } = indexHtmlFixture();
const { app, db, config } = await buildTestApp(
  { PUBLIC_CACHE: 'on', PUBLIC_URL: 'https://yardshare.example' },
  { indexHtml, renderer: render },
);
const { call, admin, report, act } = await moderationKit(app, db);

type Who = { cookie: string } | null;
const searchIds = async (who: Who, q = '') =>
  ((await call(who, 'GET', `/api/listings?limit=100${q}`)).json() as { id: number }[]).map((l) => l.id);
const send = (who: Who, toUserId: number, content: string) =>
  call(who, 'POST', '/api/messages', { toUserId, content });
const login = (username: string, password = 'secret-pass') =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: '10.7.0.9',
  });

describe('the reports queue', () => {
  it('lists open reports first, oldest first, with the content in context', async () => {
    const host = await registerUser(app, { name: 'Hugo Host' });
    const reporter = await registerUser(app, { name: 'Rita Reporter' });
    const listing = await insertListing(db, host.user.id, { title: 'Suspicious plot' });
    for (let i = 0; i < 7; i++)
      await send(i % 2 ? reporter : host, i % 2 ? host.user.id : reporter.user.id, `msg ${i}`);
    const pay = await send(host, reporter.user.id, 'Pay me on venmo @hugo-host, not here');
    await send(reporter, host.user.id, 'No thanks');
    const r1 = await report(reporter, 'listing', listing.id, 'unsafe', 'Fake photos');
    const r2 = await report(reporter, 'message', pay.json().id, 'scam');
    const r3 = await report(reporter, 'user', host.user.id, 'harassment');
    // An older closed one, which comes after every open one.
    await db.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(reports.id, r1.json().id));

    const res = await call(admin, 'GET', '/api/admin/reports?status=all');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.openCount).toBeGreaterThanOrEqual(3);
    expect(page.flaggedMessages).toBeGreaterThanOrEqual(1);
    const mine = page.items.filter((r: { reporter: { id: number } }) => r.reporter.id === reporter.user.id);
    expect(mine.map((r: { id: number }) => r.id)).toEqual([r1.json().id, r2.json().id, r3.json().id]);
    const [listingReport, messageReport, userReport] = mine;
    expect(listingReport.subject.listing).toMatchObject({
      id: listing.id,
      title: 'Suspicious plot',
      hidden: null,
    });
    expect(listingReport.subject.user).toMatchObject({ id: host.user.id, role: 'member', suspended: false });
    expect(listingReport.text).toBe('Fake photos');
    const m = messageReport.subject.message;
    expect(m.message).toMatchObject({ id: pay.json().id, paymentWarning: true, removed: false });
    expect(m.thread.map((x: { content: string }) => x.content)).toEqual([
      'msg 2',
      'msg 3',
      'msg 4',
      'msg 5',
      'msg 6',
      'Pay me on venmo @hugo-host, not here',
      'No thanks',
    ]);
    expect(m.from.id).toBe(host.user.id);
    expect(userReport.subject.user.id).toBe(host.user.id);
    expect((await call(admin, 'GET', `/api/admin/reports/${r2.json().id}`)).json().id).toBe(r2.json().id);
    expect((await call(admin, 'GET', '/api/admin/reports/999999')).statusCode).toBe(404);

    // Dismissing closes it, once, with the reason in the audit log.
    const d = await act(admin, `reports/${r3.json().id}/dismiss`, { reason: 'Nothing against the rules' });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().audit).toMatchObject({
      action: 'dismiss',
      subjectType: 'report',
      subjectId: r3.json().id,
      reason: 'Nothing against the rules',
      actor: { id: admin.user.id, username: admin.user.username },
    });
    expect((await act(admin, `reports/${r3.json().id}/dismiss`)).statusCode).toBe(409);
    const open = (await call(admin, 'GET', '/api/admin/reports')).json();
    expect(open.items.map((r: { id: number }) => r.id)).not.toContain(r3.json().id);
    const closed = (await call(admin, 'GET', '/api/admin/reports?status=closed')).json();
    expect(closed.items[0]).toMatchObject({
      id: r3.json().id,
      status: 'dismissed',
      resolution: 'Nothing against the rules',
    });
  });
});

describe('hiding a listing', () => {
  it('takes it out of search, detail, the sitemap and the cache at once, and the audit log says so', async () => {
    const host = await registerUser(app);
    const reporter = await registerUser(app);
    const listing = await insertListing(db, host.user.id, { title: 'Hidden gem plot' });
    await app.publicCache.changed();
    // Primed in the public cache.
    expect(await searchIds(null)).toContain(listing.id);
    expect(await searchIds(null)).toContain(listing.id);
    expect((await call(null, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(200);
    const r = await report(reporter, 'listing', listing.id, 'scam');
    const other = await registerUser(app);
    const r2 = await report(other, 'listing', listing.id, 'spam');

    expect((await act(admin, `listings/${listing.id}/hide`, { reason: '' })).statusCode).toBe(400);
    const res = await act(admin, `listings/${listing.id}/hide`, {
      reason: 'Scam listing',
      reportId: r.json().id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().audit.details).toMatchObject({ reportId: r.json().id, reportsClosed: 2 });
    expect(await searchIds(null)).not.toContain(listing.id);
    expect(await searchIds(reporter)).not.toContain(listing.id);
    expect((await call(null, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await call(reporter, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/sitemap.xml')).body).not.toContain(`/listings/${listing.id}`);
    const [row] = await db.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({ active: false, hiddenReason: 'admin' });
    // Both reports on it are closed; the host was told.
    const closed = await db.db
      .select()
      .from(reports)
      .where(and(eq(reports.subjectType, 'listing'), eq(reports.subjectId, listing.id)));
    expect(closed.map((x) => x.status)).toEqual(['actioned', 'actioned']);
    expect(r2.statusCode).toBe(201);
    const told = await db.db.select().from(notifications).where(eq(notifications.userId, host.user.id));
    expect(told.map((n) => n.kind)).toContain('account_notice');
    // The host still sees it in their own list, marked as hidden by Yardshare.
    const own = (await call(host, 'GET', '/api/users/me/listings')).json();
    expect(own).toEqual([expect.objectContaining({ id: listing.id, hiddenBy: 'admin', active: false })]);
    // The host cannot edit it back.
    expect(
      (await call(host, 'PATCH', `/api/listings/${listing.id}`, { title: 'Back again' })).statusCode,
    ).toBe(404);
    expect((await act(admin, `listings/${listing.id}/hide`)).statusCode).toBe(409);

    const audit = (
      await call(admin, 'GET', `/api/admin/audit?subjectType=listing&subjectId=${listing.id}`)
    ).json();
    expect(audit.items).toEqual([
      expect.objectContaining({ action: 'hide_listing', reason: 'Scam listing', subjectId: listing.id }),
    ]);
    const found = (
      await call(admin, 'GET', `/api/admin/listings?q=${encodeURIComponent('hidden gem')}`)
    ).json();
    expect(found.items[0]).toMatchObject({ id: listing.id, hidden: 'admin', active: false });

    const back = await act(admin, `listings/${listing.id}/unhide`, { reason: 'Appeal accepted' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await searchIds(null)).toContain(listing.id);
  });
});

describe('blocks and the public cache', () => {
  it('never answers a signed-in reader from the cache the anonymous reads filled', async () => {
    const host = await registerUser(app);
    const reader = await registerUser(app);
    const listing = await insertListing(db, host.user.id, { title: 'Cached plot' });
    // Written past the API: the cache is told as a write would.
    await app.publicCache.changed();
    expect(await searchIds(null)).toContain(listing.id);
    expect(await searchIds(null)).toContain(listing.id);
    await call(null, 'GET', `/api/listings/${listing.id}`);
    expect((await call(null, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(200);
    expect((await call(host, 'POST', '/api/blocks', { userId: reader.user.id })).statusCode).toBe(201);
    expect(await searchIds(reader)).not.toContain(listing.id);
    expect((await call(reader, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(404);
    // The anonymous answers are as they were.
    expect(await searchIds(null)).toContain(listing.id);
  });
});

describe('removing a message', () => {
  it('keeps the row, shows the participants a placeholder, and the admin the original', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const sent = await send(a, b.user.id, 'Something nasty');
    const id = sent.json().id;
    const res = await act(admin, `messages/${id}/remove`, { reason: 'Harassment' });
    expect(res.statusCode, res.body).toBe(200);
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const thread = (await call(who, 'GET', `/api/messages/${other.user.id}`)).json();
      expect(thread).toEqual([expect.objectContaining({ id, content: REMOVED_MESSAGE_TEXT, removed: true })]);
      const convs = (await call(who, 'GET', '/api/messages/conversations')).json();
      expect(convs[0].lastMessage.content).toBe(REMOVED_MESSAGE_TEXT);
    }
    const bell = (await call(b, 'GET', '/api/notifications')).json();
    expect(JSON.stringify(bell)).not.toContain('Something nasty');
    const [row] = await db.db.select().from(messages).where(eq(messages.id, id));
    expect(row.removedContent).toBe('Something nasty');
    expect((await act(admin, `messages/${id}/remove`)).statusCode).toBe(409);
    expect((await act(admin, 'messages/999999/remove')).statusCode).toBe(404);
  });
});

describe('the off-platform payment signal', () => {
  it('flags the message, warns only its recipient, drops nothing, and counts it for operators', async () => {
    const before = (await call(admin, 'GET', '/api/admin/stats')).json();
    const a = await registerUser(app);
    const b = await registerUser(app);
    const sent = await send(
      a,
      b.user.id,
      'Cheaper if you pay me directly: a.person@example.com or 0x52908400098527886E0F7030069857D2E4169EE7',
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json().paymentWarning).toBe(false);
    const plain = await send(b, a.user.id, 'I will book through Yardshare, thanks');
    expect(plain.json().paymentWarning).toBe(false);
    const forB = (await call(b, 'GET', `/api/messages/${a.user.id}`)).json();
    expect(forB.map((m: { paymentWarning: boolean }) => m.paymentWarning)).toEqual([true, false]);
    const forA = (await call(a, 'GET', `/api/messages/${a.user.id === b.user.id ? 0 : b.user.id}`)).json();
    expect(forA.map((m: { paymentWarning: boolean }) => m.paymentWarning)).toEqual([false, false]);
    const after = (await call(admin, 'GET', '/api/admin/stats')).json();
    expect(after.flaggedMessages).toBe(before.flaggedMessages + 1);
    expect(after.flaggedMessagesWeek).toBe(before.flaggedMessagesWeek + 1);
  });
});

describe('warning a user', () => {
  it('sends them an account notice and counts it on their page', async () => {
    const u = await registerUser(app);
    const res = await act(admin, `users/${u.user.id}/warn`, {
      reason: 'Asked for payment off the platform',
      message: 'Please keep payments on Yardshare.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const bell = (await call(u, 'GET', '/api/notifications')).json();
    expect(bell.items[0]).toMatchObject({
      kind: 'account_notice',
      body: 'Please keep payments on Yardshare.',
    });
    const detail = (await call(admin, 'GET', `/api/admin/users/${u.user.id}`)).json();
    expect(detail.user.warnings).toBe(1);
    expect(detail.audit[0]).toMatchObject({
      action: 'warn',
      details: { message: 'Please keep payments on Yardshare.' },
    });
    expect((await act(admin, 'users/999999/warn')).statusCode).toBe(404);
  });
});

describe('suspending a user', () => {
  it('ends every session at once, hides their listings, refuses sign-in, and reinstating undoes only that', async () => {
    const u = await registerUser(app, { name: 'Sam Suspect' });
    const second = await login(u.input.username);
    expect(second.statusCode).toBe(200);
    const a = await insertListing(db, u.user.id, { title: 'Public one' });
    const byAdmin = await insertListing(db, u.user.id, { title: 'Hidden by admin before' });
    const removed = await insertListing(db, u.user.id, { title: 'Removed by host', active: false });
    await act(admin, `listings/${byAdmin.id}/hide`, { reason: 'Misleading' });
    await app.publicCache.changed();
    expect(await searchIds(null)).toContain(a.id);
    expect(await searchIds(null)).toContain(a.id);
    expect((await call(u, 'GET', '/api/user')).statusCode).toBe(200);

    expect((await act(admin, `users/${admin.user.id}/suspend`)).statusCode).toBe(400);
    const res = await act(admin, `users/${u.user.id}/suspend`, { reason: 'Repeated scams' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().audit.details).toMatchObject({ sessionsEnded: 2, listingsHidden: 1 });
    // Both sessions stop working at once.
    expect((await call(u, 'GET', '/api/user')).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { cookie: second.headers['set-cookie'] as string },
        })
      ).statusCode,
    ).toBe(401);
    expect(await db.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toEqual([]);
    // A session that somehow survives is refused too.
    await db.db
      .insert(sessions)
      .values({ id: 'x'.repeat(64), userId: u.user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const res2 = await login(u.input.username);
    expect(res2.statusCode).toBe(403);
    expect(res2.json()).toEqual({ message: suspendedMessage(config.mail.supportEmail), code: 'suspended' });
    expect(res2.headers['set-cookie']).toBeUndefined();
    // A wrong password still says only that.
    expect((await login(u.input.username, 'wrong-password')).statusCode).toBe(401);
    expect(await searchIds(null)).not.toContain(a.id);
    expect((await call(null, 'GET', `/api/listings/${a.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/users/${u.user.id}/profile`)).json().listings).toEqual([]);
    expect((await act(admin, `users/${u.user.id}/suspend`)).statusCode).toBe(409);
    expect((await act(admin, `listings/${byAdmin.id}/unhide`)).statusCode).toBe(409);

    const detail = (await call(admin, 'GET', `/api/admin/users/${u.user.id}`)).json();
    expect(detail.user).toMatchObject({ suspended: true, listings: 3 });
    // Their page lists the actions on the account and on what it owns.
    expect(detail.audit.map((a: { action: string }) => a.action).sort()).toEqual(['hide_listing', 'suspend']);
    expect(detail.listings.map((l: { hidden: string | null }) => String(l.hidden)).sort()).toEqual([
      'admin',
      'null',
      'suspension',
    ]);
    const users1 = (await call(admin, 'GET', `/api/admin/users?q=${u.input.username}`)).json();
    expect(users1.items).toEqual([expect.objectContaining({ id: u.user.id, suspended: true })]);

    const back = await act(admin, `users/${u.user.id}/reinstate`, { reason: 'Cleared after review' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().audit.details).toMatchObject({ listingsRestored: 1 });
    const rows = await db.db.select().from(listings).where(eq(listings.userId, u.user.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)).toMatchObject({ active: true, hiddenReason: null });
    expect(byId.get(byAdmin.id)).toMatchObject({ active: false, hiddenReason: 'admin' });
    expect(byId.get(removed.id)).toMatchObject({ active: false, hiddenReason: null });
    expect(await searchIds(null)).toContain(a.id);
    expect((await login(u.input.username)).statusCode).toBe(200);
    expect((await act(admin, `users/${u.user.id}/reinstate`)).statusCode).toBe(409);
  });
});

describe('the audit log', () => {
  it('lists every action newest first, and the database refuses to change or delete it', async () => {
    const page = (await call(admin, 'GET', '/api/admin/audit')).json();
    expect(page.total).toBeGreaterThan(5);
    const times = page.items.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const e of page.items) expect(e.reason.trim()).not.toBe('');
    await expect(db.db.update(auditLog).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(db.db.delete(auditLog)).rejects.toThrow();
    await expect(db.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await call(admin, 'GET', '/api/admin/audit')).json().total).toBe(page.total);
    // No route changes it.
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect((await call(admin, method, `/api/admin/audit/${page.items[0].id}`)).statusCode).toBe(404);
    const [{ n }] = await db.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(n).toBeGreaterThan(0);
  });
});
