import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, users } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// The authorization matrix (ADR 029): every /api/admin route and action x {anonymous, member,
// suspended member, suspended admin, admin}. Anyone but an admin gets the app's own 404 on every
// one of them, whatever the body or query; an admin reaches each handler.
const { app, db } = await buildTestApp();
const { call, admin, report } = await moderationKit(app, db);

const member = await registerUser(app);
const suspended = await registerUser(app);
const suspendedAdmin = await registerUser(app);
// Suspended after signing in: their cookies are real sessions of suspended accounts.
await db.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
await db.db
  .update(users)
  .set({ role: 'admin', suspendedAt: new Date() })
  .where(eq(users.id, suspendedAdmin.user.id));

// Subjects for every action, so that the admin's calls succeed.
const host = await registerUser(app);
const listing = await insertListing(db, host.user.id);
const [message] = await db.db
  .insert(messages)
  .values({ fromUserId: host.user.id, toUserId: member.user.id, content: 'Hello there' })
  .returning();
const reported = await report(member, 'listing', listing.id);
expect(reported.statusCode, reported.body).toBe(201);
const target = await registerUser(app);

const routes = app.routeList.filter(
  (r) =>
    (r.url === '/api/admin' || r.url.startsWith('/api/admin/')) &&
    r.method !== 'HEAD' &&
    r.method !== 'OPTIONS',
);

const ids: Record<string, number> = {
  reports: reported.json().id,
  listings: listing.id,
  messages: message.id,
  users: target.user.id,
  payments: 999_999,
  payouts: 999_999,
  bookings: 999_999,
};
const pathOf = (url: string) =>
  url
    .replace('/api/admin/jobs/:kind/:id', '/api/admin/jobs/mail.outbox/00000000-0000-4000-a000-000000000000')
    .replace(/\/api\/admin\/(\w+)\/:id/, (_m, kind: string) => `/api/admin/${kind}/${ids[kind]}`);

const personas = [
  ['anonymous', null],
  ['member', member],
  ['suspended member', suspended],
  ['suspended admin', suspendedAdmin],
] as const;

describe('the admin API', () => {
  it('has the routes the console needs', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/reports',
        'GET /api/admin/reports/:id',
        'POST /api/admin/reports/:id/dismiss',
        'POST /api/admin/listings/:id/hide',
        'POST /api/admin/listings/:id/unhide',
        'POST /api/admin/messages/:id/remove',
        'POST /api/admin/users/:id/warn',
        'POST /api/admin/users/:id/suspend',
        'POST /api/admin/users/:id/reinstate',
        'POST /api/admin/payments/:id/refund',
        'GET /api/admin/users',
        'GET /api/admin/users/:id',
        'GET /api/admin/listings',
        'GET /api/admin/payments',
        'GET /api/admin/audit',
        // Payouts (ADR 032).
        'GET /api/admin/payouts',
        'POST /api/admin/payouts/:id/retry',
        'POST /api/admin/payouts/:id/cancel',
        'POST /api/admin/payouts/:id/paid',
        // Stays (ADR 037): ending one at once, a host's cancellations.
        'POST /api/admin/bookings/:id/end',
        'GET /api/admin/users/:id/host-cancellations',
        // Background jobs (issue 62).
        'GET /api/admin/jobs',
        'POST /api/admin/jobs/:kind/:id/retry',
      ]),
    );
    expect(routes.length).toBe(24);
  });

  for (const [name, who] of personas) {
    it(`answers ${name} 404 on every route, as for a path that does not exist`, async () => {
      for (const r of [
        ...routes,
        { method: 'GET', url: '/api/admin/nothing-here' },
        { method: 'GET', url: '/api/admin' },
      ]) {
        const path = pathOf(r.url);
        for (const [payload, query] of [
          [{ reason: 'A good reason' }, ''],
          [{ reason: '' }, '?page=-1&status=nonsense'],
          ['not json at all', '?q=%00'],
        ] as const) {
          const res = await call(who, r.method, `${path}${query}`, r.method === 'GET' ? undefined : payload);
          expect(res.statusCode, `${name} ${r.method} ${path}${query}: ${res.body}`).toBe(404);
          expect(res.json()).toEqual({ message: `Not found: ${r.method} ${path}`, code: 'NOT_FOUND' });
        }
      }
      // Nothing was done on their behalf.
      const [l] = await db.db.select().from(messages).where(eq(messages.id, message.id));
      expect(l.removedAt).toBeNull();
    });
  }

  it('lets an admin reach every route, and a member again once made admin', async () => {
    for (const r of routes) {
      const path = pathOf(r.url);
      const res = await call(
        admin,
        r.method,
        path,
        r.method === 'GET' ? undefined : { reason: 'Checked by the team' },
      );
      const where = `${r.method} ${path}: ${res.body}`;
      if (r.url === '/api/admin/payments/:id/refund') {
        expect(res.statusCode, where).toBe(404);
        expect(res.json().message).toBe('Payment not found');
      } else if (r.url === '/api/admin/bookings/:id/end') {
        expect(res.statusCode, where).toBe(404);
        expect(res.json().message).toBe('Booking not found');
      } else if (r.url === '/api/admin/payouts/:id/paid') {
        // Checked before the payout is looked up: paid by hand needs the reference of the payment.
        expect(res.statusCode, where).toBe(400);
      } else if (r.url === '/api/admin/jobs/:kind/:id/retry') {
        expect(res.statusCode, where).toBe(404);
        expect(res.json().message).toBe('Job not found');
      } else if (r.url.startsWith('/api/admin/payouts/:id/')) {
        expect(res.statusCode, where).toBe(404);
        expect(res.json().message).toBe('Payout not found');
      } else expect(res.statusCode, where).toBe(200);
    }
    // A bad body is a 400 for an admin (validation runs after the guard).
    const bad = await call(admin, 'POST', `/api/admin/users/${target.user.id}/warn`, { reason: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A reason is required');
    // The grant takes effect on the member's next request; a revoke likewise.
    await db.db.update(users).set({ role: 'admin' }).where(eq(users.id, member.user.id));
    expect((await call(member, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    await db.db.update(users).set({ role: 'member' }).where(eq(users.id, member.user.id));
    expect((await call(member, 'GET', '/api/admin/stats')).statusCode).toBe(404);
  });

  it('tells the signed-in user their role', async () => {
    const me = await call(admin, 'GET', '/api/user');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().role).toBe('admin');
    expect((await call(host, 'GET', '/api/user')).json().role).toBe('member');
  });
});
