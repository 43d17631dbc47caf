import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { registerUser, sessionCookie, userInput } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();

const me = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

describe('GET /api/user', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in', code: 'UNAUTHENTICATED' });
  });

  it('ignores a made-up token', async () => {
    expect((await me('ys_session=abc')).statusCode).toBe(401);
  });
});

describe('POST /api/register', () => {
  it('creates the account, signs in, and never returns the password', async () => {
    const input = userInput({ name: 'Rosa Parks' });
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: input });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: input.username,
      email: input.email,
      name: 'Rosa Parks',
      bio: null,
      avatar: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect((await me(cookie)).json().id).toBe(body.id);
    const [row] = await db.db.select().from(users).where(eq(users.id, body.id));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(input.password);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie with a 256-bit token, not Secure over plain HTTP', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: userInput() });
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).toMatch(/Path=\//);
    expect(raw).not.toMatch(/Secure/);
    const token = sessionCookie(res.headers['set-cookie']).split('=')[1];
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    // The database keeps only a hash of the token.
    const stored = await db.db.select({ id: sessions.id }).from(sessions);
    expect(stored.some((s) => s.id === token)).toBe(false);
  });

  it('refuses the most common passwords and one equal to the username or email, saying why', async () => {
    for (const [password, why] of [
      ['password123', /most common/],
      ['QWERTY123', /most common/],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: userInput({ password }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(why);
    }
    const same = userInput();
    for (const password of [same.username, same.email.toUpperCase()]) {
      const res = await app.inject({ method: 'POST', url: '/api/register', payload: { ...same, password } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Password must not be the same as your username or email');
    }
  });

  it('refuses a duplicate username or email, whatever their case, with 409', async () => {
    const { input } = await registerUser(app);
    const sameName = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: userInput({ username: input.username.toUpperCase() }),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('Username already exists');
    const sameEmail = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: userInput({ email: input.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('Email is already registered');
    const [{ n }] = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${input.username})`);
    expect(n).toBe(1);
  });

  it('answers invalid input with 400 and a readable message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...userInput(), email: 'not-an-email' }, /valid email/],
      [{ ...userInput(), password: '12345' }, /at least 6/],
      [{ ...userInput(), username: '' }, /Username is required/],
      [{ ...userInput(), username: 'a b<script>' }, /letters, numbers/],
      [{ email: 'a@b.co', name: 'x', password: 'secret1' }, /Username is required/],
      [{ ...userInput(), name: 'x'.repeat(500) }, /at most/],
      [{ ...userInput(), password: 123456 }, /Password/],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/register', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers malformed JSON and a missing body with 400', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/JSON/);
    const empty = await app.inject({ method: 'POST', url: '/api/register' });
    expect(empty.statusCode).toBe(400);
    expect(typeof empty.json().message).toBe('string');
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password (username in any case) and refuses a wrong one', async () => {
    const { input } = await registerUser(app);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username.toUpperCase(), password: input.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe(input.username);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: 'wrong-pass' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody_here', password: 'wrong-pass' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid username or password');
  });

  it('rotates the session: the token held before login stops working', async () => {
    const { input, cookie: before } = await registerUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: before },
      payload: { username: input.username, password: input.password },
    });
    const after = sessionCookie(res.headers['set-cookie']);
    expect(after).not.toBe(before);
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(after)).statusCode).toBe(200);
  });

  it('answers 429 after 10 failures for one account in 15 minutes, even with the right password', async () => {
    const { input } = await registerUser(app);
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: input.username, password: 'wrong-pass' },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      remoteAddress: '10.1.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
  });

  it('lets one address fail for many accounts (a shared network) but not past 100 in the window', async () => {
    const ip = '10.2.0.7';
    const { input } = await registerUser(app);
    for (let i = 0; i < 99; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `ghost_${i}`, password: 'wrong-pass' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    // A success from the same address is not a failure: it does not use up the address's count.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      remoteAddress: ip,
    });
    expect(ok.statusCode).toBe(200);
    const last = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ghost_x', password: 'wrong-pass' },
      remoteAddress: ip,
    });
    expect(last.statusCode).toBe(401);
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      remoteAddress: '10.2.0.8',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("a successful login clears the account's failures: 9 failures, a success, then a failure is 401", async () => {
    const { input } = await registerUser(app);
    const login = (password: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: input.username, password },
        remoteAddress: `10.4.0.${i}`,
      });
    for (let i = 0; i < 9; i++) expect((await login('wrong-pass', i)).statusCode).toBe(401);
    expect((await login(input.password, 20)).statusCode).toBe(200);
    expect((await login('wrong-pass', 21)).statusCode).toBe(401);
    // The count starts again from that failure: nine more fit, the tenth is refused.
    for (let i = 0; i < 9; i++) expect((await login('wrong-pass', 30 + i)).statusCode).toBe(401);
    expect((await login(input.password, 40)).statusCode).toBe(429);
  });

  it('holds the account limit under 40 parallel wrong passwords: exactly 10 are checked', async () => {
    const { input } = await registerUser(app);
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: input.username, password: 'wrong-pass' },
          remoteAddress: `10.5.${i}.1`,
        }),
      ),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
  });

  it('validates its input', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'someone' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Password/);
  });
});

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

describe('PATCH /api/user', () => {
  it('saves name and bio; username and email stay as they are', async () => {
    const { cookie, input } = await registerUser(app);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { cookie },
      payload: { name: '  New Name ', bio: 'I grow tomatoes.', username: 'hacker', email: 'x@y.z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Name',
      bio: 'I grow tomatoes.',
      username: input.username,
      email: input.email,
    });
    expect((await me(cookie)).json().bio).toBe('I grow tomatoes.');
    const empty = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { cookie },
      payload: { name: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect((await app.inject({ method: 'PATCH', url: '/api/user', payload: { name: 'x' } })).statusCode).toBe(
      401,
    );
  });
});
