import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { User } from '#shared/auth.ts';
import type { DbHandle } from '../db/client.ts';
import { accountTokens, mailOutbox } from '../db/schema.ts';
import { hashToken } from '../features/auth/index.ts';
import { sessionCookie, userInput } from './factories.ts';

// Helpers of the account lifecycle tests: users registered through the API (unverified, as real
// ones are), the outbox's mails and the links in them.

export type Caller = { cookie: string } | null;

export function accountKit(app: FastifyInstance, db: DbHandle) {
  const call = (
    who: Caller,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    payload?: unknown,
    ip = '10.20.0.1',
  ) =>
    app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function register(overrides: Parameters<typeof userInput>[0] = {}) {
    const input = userInput(overrides);
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: input });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    return { user: res.json() as User, cookie: sessionCookie(res.headers['set-cookie']), input };
  }

  async function login(username: string, password: string) {
    return app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress: '10.30.0.1',
    });
  }

  // A second session of the same account.
  async function signIn(username: string, password: string) {
    const res = await login(username, password);
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return { cookie: sessionCookie(res.headers['set-cookie']) };
  }

  const mailsTo = (to: string, kind?: string) =>
    db.db
      .select()
      .from(mailOutbox)
      .where(
        and(sql`lower(${mailOutbox.toAddress}) = lower(${to})`, kind ? eq(mailOutbox.kind, kind) : undefined),
      )
      .orderBy(desc(mailOutbox.id));

  // The token of the newest link of that kind sent to the address.
  async function linkToken(to: string, page: 'verify-email' | 'reset-password'): Promise<string> {
    const kind = page === 'verify-email' ? 'verify_email' : 'reset_password';
    const [mail] = await mailsTo(to, kind);
    if (!mail) throw new Error(`no ${kind} mail to ${to}`);
    const m = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    if (!m) throw new Error(`no ${page} link in the mail`);
    expect(mail.html, 'the HTML part carries the same link').toContain(`/${page}?token=${m[1]}`);
    return m[1];
  }

  // Moves a link's expiry into the past, as if its lifetime had passed.
  const expire = (token: string) =>
    db.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.id, hashToken(token)));

  const me = (who: Caller) => call(who, 'GET', '/api/user');

  return { call, register, login, signIn, mailsTo, linkToken, expire, me };
}
