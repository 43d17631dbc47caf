import { describe, expect, it } from 'vitest';
import { accountKit } from '../../testing/account.ts';
import { registerUser, userInput } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { maskEmail } from './account.mail.ts';

const { app, db } = await buildTestApp();
const { call, register, login, mailsTo, linkToken, me } = accountKit(app, db);

const changeEmail = (who: { cookie: string } | null, email: string, password: string) =>
  call(who, 'POST', '/api/user/email', { email, password });
const verify = (token: string) => call(null, 'POST', '/api/email/verify', { token });
const newAddress = () => userInput().email.replace('@example.com', '@new.example.org');

describe('POST /api/user/email', () => {
  it('sends a link to the new address, tells the old one, and switches only once confirmed', async () => {
    const ann = await registerUser(app, { name: 'Ann Alder' });
    const email = newAddress();
    const res = await changeEmail(ann, email, ann.input.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      `We have sent a confirmation link to ${email}. Your address changes once you open it.`,
    );
    // Until confirmed, the account keeps its address (and stays verified).
    expect((await me(ann)).json()).toMatchObject({ email: ann.input.email, emailVerified: true });
    const [notice] = await mailsTo(ann.input.email, 'email_change');
    expect(notice.subject).toBe('A change of your e-mail address was requested');
    expect(notice.text).toContain(maskEmail(email));
    expect(notice.text).not.toContain(email);
    const [link] = await mailsTo(email, 'verify_email');
    expect(link.userId).toBe(ann.user.id);
    expect(link.text).toContain('Your account keeps its current address until you confirm this one.');

    expect((await verify(await linkToken(email, 'verify-email'))).statusCode).toBe(200);
    expect((await me(ann)).json()).toMatchObject({ email, emailVerified: true });
    expect((await login(ann.input.username, ann.input.password)).statusCode).toBe(200);
    // The old address is free again.
    expect((await register({ email: ann.input.email })).user.email).toBe(ann.input.email);
  });

  it('takes an unverified account to a verified new address', async () => {
    const ann = await register();
    const email = newAddress();
    expect((await changeEmail(ann, email, ann.input.password)).statusCode).toBe(200);
    // The registration link no longer works: the change replaced it.
    const [first] = (await mailsTo(ann.input.email, 'verify_email')).slice(-1);
    const oldToken = /verify-email\?token=([\w-]+)/.exec(first.text)![1];
    expect((await verify(oldToken)).json().code).toBe('TOKEN_INVALID');
    expect((await verify(await linkToken(email, 'verify-email'))).statusCode).toBe(200);
    expect((await me(ann)).json()).toMatchObject({ email, emailVerified: true });
  });

  it('resend sends the pending new address a fresh link', async () => {
    const ann = await registerUser(app);
    const email = newAddress();
    await changeEmail(ann, email, ann.input.password);
    const first = await linkToken(email, 'verify-email');
    const res = await call(ann, 'POST', '/api/email/verify/resend');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(email);
    const second = await linkToken(email, 'verify-email');
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
    expect((await me(ann)).json().email).toBe(email);
  });

  it('checks the password, refuses a taken or the same address, and needs a session', async () => {
    const ann = await registerUser(app);
    const bob = await registerUser(app);
    const wrong = await changeEmail(ann, newAddress(), 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Password is incorrect', code: 'WRONG_PASSWORD' });
    const taken = await changeEmail(ann, bob.input.email.toUpperCase(), ann.input.password);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Email is already registered', code: 'EMAIL_TAKEN' });
    expect((await changeEmail(ann, 'deleted-9@deleted.invalid', ann.input.password)).statusCode).toBe(409);
    expect((await changeEmail(ann, ann.input.email, ann.input.password)).json().code).toBe('SAME_EMAIL');
    expect((await changeEmail(ann, 'not-an-address', ann.input.password)).statusCode).toBe(400);
    expect((await changeEmail(null, newAddress(), 'x')).statusCode).toBe(401);
  });

  it('answers 409 at confirmation when another account took the address meanwhile', async () => {
    const ann = await registerUser(app);
    const email = newAddress();
    await changeEmail(ann, email, ann.input.password);
    const token = await linkToken(email, 'verify-email');
    await register({ email });
    const res = await verify(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'Another account started using this e-mail address meanwhile, so it cannot become yours. Choose another address.',
      code: 'EMAIL_TAKEN',
    });
    expect((await me(ann)).json()).toMatchObject({ email: ann.input.email, emailVerified: true });
  });
});
