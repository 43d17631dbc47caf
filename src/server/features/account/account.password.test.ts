import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '#shared/account.ts';
import { accountTokens, mailOutbox, sessions, users } from '../../db/schema.ts';
import { accountKit } from '../../testing/account.ts';
import { sessionCookie } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { TOKEN_EXPIRED, TOKEN_INVALID } from '../auth/index.ts';

const { app, db } = await buildTestApp({ LOGIN_MAX_FAILURES: '6' });
const { call, register, login, signIn, mailsTo, linkToken, expire, me } = accountKit(app, db);

let ipSeq = 0;
const freshIp = () => `10.40.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const forgot = (email: string, ip = freshIp()) => call(null, 'POST', '/api/password/forgot', { email }, ip);
const reset = (token: string, password: string, who: { cookie: string } | null = null) =>
  call(who, 'POST', '/api/password/reset', { token, password });

async function resetLink(email: string) {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  return linkToken(email, 'reset-password');
}

describe('POST /api/password/forgot', () => {
  it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
    const ann = await register();
    const outboxBefore = await db.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const tokensBefore = await db.db.select({ id: accountTokens.id }).from(accountTokens);
    const unknown = await forgot('nobody-here@example.com');
    expect(await db.db.select({ id: mailOutbox.id }).from(mailOutbox)).toHaveLength(outboxBefore.length);
    expect(await db.db.select({ id: accountTokens.id }).from(accountTokens)).toHaveLength(
      tokensBefore.length,
    );
    const known = await forgot(ann.input.email.toUpperCase());
    for (const res of [unknown, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(res.headers['content-type']).toBe(known.headers['content-type']);
    }
    expect(unknown.body).toBe(known.body);
    const [mail] = await mailsTo(ann.input.email, 'reset_password');
    expect(mail).toMatchObject({ userId: ann.user.id, subject: 'Choose a new password' });
    expect(mail.text).toMatch(/\/reset-password\?token=[\w-]{43}/);
    expect(mail.text).toContain('valid for 1 hour');
    const stored = (
      await db.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'reset_password'))
    ).find((t) => t.userId === ann.user.id)!;
    expect((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 3_600_000).toBeCloseTo(1, 1);
  });

  it('limits an address to 10 requests an hour (429 beyond), known address or not', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await forgot(`someone${i}@example.com`, ip)).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429, 429]);
    expect((await forgot('someone@example.com')).statusCode).toBe(200);
  });

  it('checks the address', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/password/reset', () => {
  it('sets the password, ends every session, confirms the address and signs this browser in', async () => {
    const ann = await register();
    const other = await signIn(ann.input.username, ann.input.password);
    const token = await resetLink(ann.input.email);
    const res = await reset(token, 'a-brand-new-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ann.user.id, emailVerified: true });
    const fresh = { cookie: sessionCookie(res.headers['set-cookie']) };
    expect((await me(fresh)).json().id).toBe(ann.user.id);
    for (const old of [ann, other]) expect((await me(old)).statusCode).toBe(401);
    expect(await db.db.select().from(sessions).where(eq(sessions.userId, ann.user.id))).toHaveLength(1);
    expect((await login(ann.input.username, ann.input.password)).statusCode).toBe(401);
    expect((await login(ann.input.username, 'a-brand-new-pass')).statusCode).toBe(200);
  });

  it('works once: a second use answers 400, and so does an unknown token', async () => {
    const ann = await register();
    const token = await resetLink(ann.input.email);
    expect((await reset(token, 'first-new-pass')).statusCode).toBe(200);
    const again = await reset(token, 'second-new-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: TOKEN_INVALID, code: 'TOKEN_INVALID' });
    expect(TOKEN_INVALID).toBe('This link is not valid any more. Ask for a new one.');
    expect((await reset('x'.repeat(43), 'second-new-pass')).json().code).toBe('TOKEN_INVALID');
    expect((await login(ann.input.username, 'first-new-pass')).statusCode).toBe(200);
  });

  it('refuses an expired link with its own message', async () => {
    const ann = await register();
    const token = await resetLink(ann.input.email);
    await expire(token);
    const res = await reset(token, 'a-brand-new-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TOKEN_EXPIRED, code: 'TOKEN_EXPIRED' });
    expect((await login(ann.input.username, ann.input.password)).statusCode).toBe(200);
  });

  it('a newer link replaces the older one', async () => {
    const ann = await register();
    const first = await resetLink(ann.input.email);
    const second = await resetLink(ann.input.email);
    expect((await reset(first, 'a-brand-new-pass')).json().code).toBe('TOKEN_INVALID');
    expect((await reset(second, 'a-brand-new-pass')).statusCode).toBe(200);
  });

  it('applies the password policy of registration and keeps the link usable after a refusal', async () => {
    const ann = await register();
    const token = await resetLink(ann.input.email);
    const short = await reset(token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password: Password must be at least 6 characters');
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      message: 'This password is one of the most common ones. Please choose another.',
      code: 'WEAK_PASSWORD',
    });
    const same = await reset(token, ann.input.username);
    expect(same.json().message).toBe('Password must not be the same as your username or email');
    expect((await reset(token, 'a-brand-new-pass')).statusCode).toBe(200);
  });

  it("changes only the token's account: user B posting A's link resets A and signs in as A", async () => {
    const ann = await register();
    const bob = await register();
    const token = await resetLink(ann.input.email);
    const res = await reset(token, 'anns-new-pass', bob);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(ann.user.id);
    expect((await login(ann.input.username, 'anns-new-pass')).statusCode).toBe(200);
    expect((await login(bob.input.username, bob.input.password)).statusCode).toBe(200);
    expect((await login(bob.input.username, 'anns-new-pass')).statusCode).toBe(401);
    const [b] = await db.db.select().from(users).where(eq(users.id, bob.user.id));
    expect(b.emailVerifiedAt).toBeNull();
  });

  it('20 parallel resets with one token: exactly one 200', async () => {
    const ann = await register();
    const token = await resetLink(ann.input.email);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reset(token, `parallel-pass-${i}`)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(19);
    const winner = results.indexOf(ok[0]);
    expect((await login(ann.input.username, `parallel-pass-${winner}`)).statusCode).toBe(200);
    expect(await db.db.select().from(sessions).where(eq(sessions.userId, ann.user.id))).toHaveLength(2);
  });
});

describe('POST /api/user/password', () => {
  const change = (who: { cookie: string } | null, currentPassword: string, newPassword: string) =>
    call(who, 'POST', '/api/user/password', { currentPassword, newPassword }, '10.50.0.1');

  it('needs the current password: a wrong one is 400 and counts toward the login lockout', async () => {
    const ann = await register();
    const wrong = await change(ann, 'not-my-password', 'a-brand-new-pass');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect', code: 'WRONG_PASSWORD' });
    // Five more wrong guesses reach LOGIN_MAX_FAILURES (6): the form and the login both lock.
    for (let i = 0; i < 5; i++)
      expect((await change(ann, `guess-${i}`, 'a-brand-new-pass')).statusCode).toBe(400);
    expect((await change(ann, ann.input.password, 'a-brand-new-pass')).statusCode).toBe(429);
    expect((await login(ann.input.username, ann.input.password)).statusCode).toBe(429);
    expect((await change(null, 'x', 'a-brand-new-pass')).statusCode).toBe(401);
  });

  it('applies the password policy', async () => {
    const ann = await register();
    const res = await change(ann, ann.input.password, ann.input.email);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEAK_PASSWORD');
    expect((await change(ann, ann.input.password, 'abc')).statusCode).toBe(400);
  });

  it('changes it, ends every other session and keeps this one', async () => {
    const ann = await register();
    const phone = await signIn(ann.input.username, ann.input.password);
    const laptop = await signIn(ann.input.username, ann.input.password);
    const res = await change(ann, ann.input.password, 'a-brand-new-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Password changed. You have been signed out everywhere else.');
    expect((await me(ann)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await login(ann.input.username, ann.input.password)).statusCode).toBe(401);
    expect((await login(ann.input.username, 'a-brand-new-pass')).statusCode).toBe(200);
  });
});
