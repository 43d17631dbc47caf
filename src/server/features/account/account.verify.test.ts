import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema.ts';
import { accountKit } from '../../testing/account.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { TOKEN_EXPIRED, TOKEN_INVALID } from '../auth/index.ts';

const { app, db } = await buildTestApp({ PUBLIC_URL: 'http://yardshare.test' });
const { call, register, mailsTo, linkToken, expire, me } = accountKit(app, db);

const verify = (token: string, who: { cookie: string } | null = null) =>
  call(who, 'POST', '/api/email/verify', { token });

const listingBody = {
  type: 'rental',
  title: 'Sunny plot',
  description: 'Loamy soil and a rain barrel.',
  price: 40,
  location: '12 Elm St',
  city: 'Portland',
  state: 'OR',
};

describe('verification at registration', () => {
  it('writes a verification e-mail to the outbox in the registration, with a single-use link', async () => {
    const ann = await register({ name: 'Ann Alder' });
    expect(ann.user.emailVerified).toBe(false);
    const mails = await mailsTo(ann.input.email, 'verify_email');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      userId: ann.user.id,
      subject: 'Confirm your e-mail address',
      status: 'pending',
    });
    expect(mail.text).toContain('Hello Ann Alder,');
    expect(mail.text).toMatch(/http:\/\/yardshare\.test\/verify-email\?token=[\w-]{43}/);
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http:\/\/yardshare\.test\/api\/unsubscribe\?token=/);
    // Only the hash of the token is stored.
    const token = await linkToken(ann.input.email, 'verify-email');
    const stored = await db.db.select().from(accountTokens).where(eq(accountTokens.userId, ann.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].id).not.toBe(token);
    expect(stored[0]).toMatchObject({ purpose: 'verify_email', email: ann.input.email, usedAt: null });
    const hours = (stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
  });

  it('confirms the address once; the second use and an unknown token answer 400', async () => {
    const ann = await register();
    const token = await linkToken(ann.input.email, 'verify-email');
    const first = await verify(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Your e-mail address is confirmed.' });
    expect((await me(ann)).json().emailVerified).toBe(true);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: TOKEN_INVALID, code: 'TOKEN_INVALID' });
    expect((await verify('made-up-token')).json()).toEqual({ message: TOKEN_INVALID, code: 'TOKEN_INVALID' });
    expect((await verify('')).statusCode).toBe(400);
  });

  it('refuses an expired link with its own message and leaves the account unverified', async () => {
    const ann = await register();
    const token = await linkToken(ann.input.email, 'verify-email');
    await expire(token);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TOKEN_EXPIRED, code: 'TOKEN_EXPIRED' });
    expect(TOKEN_EXPIRED).toBe('This link has expired. Ask for a new one.');
    expect((await me(ann)).json().emailVerified).toBe(false);
  });

  it("verifies only the token's own account, whoever is signed in", async () => {
    const ann = await register();
    const bob = await register();
    const token = await linkToken(ann.input.email, 'verify-email');
    expect((await verify(token, bob)).statusCode).toBe(200);
    expect((await me(ann)).json().emailVerified).toBe(true);
    expect((await me(bob)).json().emailVerified).toBe(false);
  });

  it('20 parallel uses of one link: exactly one succeeds', async () => {
    const ann = await register();
    const token = await linkToken(ann.input.email, 'verify-email');
    const codes = (await Promise.all(Array.from({ length: 20 }, () => verify(token)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(19);
  });
});

describe('POST /api/email/verify/resend', () => {
  it('sends a new link and the older one stops working', async () => {
    const ann = await register();
    const old = await linkToken(ann.input.email, 'verify-email');
    const res = await call(ann, 'POST', '/api/email/verify/resend');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`We have sent a new confirmation link to ${ann.input.email}.`);
    const fresh = await linkToken(ann.input.email, 'verify-email');
    expect(fresh).not.toBe(old);
    expect((await verify(old)).json().code).toBe('TOKEN_INVALID');
    expect((await verify(fresh)).statusCode).toBe(200);
  });

  it('answers 409 once verified, 401 signed out, and 429 past 5 an hour', async () => {
    const done = await registerUser(app);
    expect((await call(done, 'POST', '/api/email/verify/resend')).statusCode).toBe(409);
    expect((await call(null, 'POST', '/api/email/verify/resend')).statusCode).toBe(401);
    const ann = await register();
    const codes = (
      await Promise.all(Array.from({ length: 8 }, () => call(ann, 'POST', '/api/email/verify/resend')))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    // One registration mail and five resends.
    expect(await mailsTo(ann.input.email, 'verify_email')).toHaveLength(6);
  });
});

describe('what an unverified account may do', () => {
  it('browses and messages, but cannot publish a listing until it is verified', async () => {
    const ann = await register();
    const host = await registerUser(app);
    expect((await call(ann, 'GET', '/api/listings')).statusCode).toBe(200);
    const msg = await call(ann, 'POST', '/api/messages', { toUserId: host.user.id, content: 'Hello there' });
    expect(msg.statusCode, msg.body).toBe(201);
    const refused = await call(ann, 'POST', '/api/listings', listingBody);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Please verify your e-mail address before publishing a listing.',
      code: 'EMAIL_UNVERIFIED',
    });
    await verify(await linkToken(ann.input.email, 'verify-email'));
    expect((await call(ann, 'POST', '/api/listings', listingBody)).statusCode).toBe(201);
  });

  it("cannot take payment: checkout of a booking or POST /api/payments/create on an unverified host's listing is 403", async () => {
    const host = await register();
    const grower = await registerUser(app);
    const listing = await insertListing(db, host.user.id, { images: [], price: 40, bookingMode: 'instant' });
    const create = await call(grower, 'POST', '/api/payments/create', {
      listingId: listing.id,
      amount: 4000,
    });
    expect(create.statusCode, create.body).toBe(403);
    expect(create.json()).toEqual({
      message:
        'This host has not confirmed their e-mail address yet, so this listing cannot take payments. Please try again later or message the host.',
      code: 'HOST_UNVERIFIED',
    });
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const booked = await call(grower, 'POST', '/api/bookings', { listingId: listing.id, start, months: 1 });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().status).toBe('accepted');
    const pay = await call(grower, 'POST', `/api/bookings/${booked.json().id}/pay`);
    expect(pay.statusCode).toBe(403);
    expect(pay.json().code).toBe('HOST_UNVERIFIED');
    // Once the host confirms, the same booking can be paid.
    await db.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, host.user.id));
    const paid = await call(grower, 'POST', `/api/bookings/${booked.json().id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});
