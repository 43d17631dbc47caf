import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
