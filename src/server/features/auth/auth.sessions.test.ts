import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();

const me = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

describe('sessions', () => {
  it('logout deletes the session on the server, so the old cookie no longer works', async () => {
    const { cookie } = await registerUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/ys_session=;/);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('expires after the idle time and after the absolute lifetime', async () => {
    const idle = await registerUser(app);
    await db.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(sessions.userId, idle.user.id));
    expect((await me(idle.cookie)).statusCode).toBe(401);
    const old = await registerUser(app);
    await db.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.user.id));
    expect((await me(old.cookie)).statusCode).toBe(401);
  });

  it('stays valid while it is used: each use moves the idle window on', async () => {
    const { user, cookie } = await registerUser(app);
    const day = 86_400_000;
    const seen = async () =>
      (await db.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, user.id)))[0]
        .at;
    // Ten days pass between uses, twice: 20 days after sign-in, past the 14-day idle window.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      vi.setSystemTime(start + 10 * day);
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await seen()).getTime()).toBeGreaterThanOrEqual(start + 10 * day);
      vi.setSystemTime(start + 20 * day);
      expect((await me(cookie)).statusCode).toBe(200);
      // Unused for the idle window, it ends.
      vi.setSystemTime(start + 35 * day);
      expect((await me(cookie)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('are shared by every app instance on the same database', async () => {
    const { buildApp } = await import('../../app.ts');
    const { testConfig } = await import('../../testing/test-app.ts');
    const second = await buildApp({ config: testConfig(), db, logger: false, serveClient: false });
    const { cookie, user } = await registerUser(app);
    const res = await second.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(res.json().id).toBe(user.id);
    await second.close();
  });
});
