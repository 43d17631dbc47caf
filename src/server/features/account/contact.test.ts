import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactSchema } from '#shared/account.ts';
import { contactMessages, mailOutbox } from '../../db/schema.ts';
import { accountKit } from '../../testing/account.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const SUPPORT = 'help-desk@yardshare.test';
const { app, db } = await buildTestApp({ SUPPORT_EMAIL: SUPPORT, CONTACT_MAX_PER_HOUR: '3' });
const { call } = accountKit(app, db);

const valid = {
  name: 'Rosa Parks',
  email: 'rosa@example.com',
  subject: 'Question about hosting',
  message: 'Can I list two separate plots?',
};
let ipSeq = 0;
const contact = (payload: unknown, who: { cookie: string } | null = null, ip = `10.70.0.${++ipSeq}`) =>
  call(who, 'POST', '/api/contact', payload, ip);

describe('POST /api/contact', () => {
  it("answers the spec's four validation messages, word for word, on the server as in the form", async () => {
    const cases = [
      [{ name: 'R' }, 'Name must be at least 2 characters.'],
      [{ email: 'rosa-at-example' }, 'Please enter a valid email address.'],
      [{ subject: 'Hey' }, 'Subject must be at least 5 characters.'],
      [{ message: 'Too short' }, 'Message must be at least 10 characters.'],
    ] as const;
    for (const [change, message] of cases) {
      const res = await contact({ ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(contactSchema.safeParse({ ...valid, ...change }).error?.issues[0].message).toBe(message);
    }
    expect(await db.db.select().from(contactMessages)).toEqual([]);
  });

  it('stores the message and mails it to SUPPORT_EMAIL with the sender as Reply-To; 201', async () => {
    const res = await contact(valid);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent' });
    const [row] = await db.db.select().from(contactMessages).where(eq(contactMessages.email, valid.email));
    expect(row).toMatchObject({ ...valid, userId: null });
    const [mail] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact'));
    expect(mail).toMatchObject({
      toAddress: SUPPORT,
      subject: 'Contact form: Question about hosting',
      userId: null,
    });
    expect(mail.headers).toEqual({ 'Reply-To': valid.email });
    expect(mail.text).toContain('From: Rosa Parks <rosa@example.com> (not signed in)');
    expect(mail.text).toContain(valid.message);
    expect(mail.html).toContain('Can I list two separate plots?');
    expect(mail.text).not.toMatch(/unsubscribe/i);
  });

  it('attaches the signed-in user', async () => {
    const ann = await registerUser(app);
    const res = await contact({ ...valid, email: ann.input.email }, ann);
    expect(res.statusCode).toBe(201);
    const [row] = await db.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, ann.input.email));
    expect(row.userId).toBe(ann.user.id);
  });

  it('limits an address to CONTACT_MAX_PER_HOUR messages an hour, also when sent at once', async () => {
    const ip = '10.71.0.1';
    const codes = (await Promise.all(Array.from({ length: 6 }, () => contact(valid, null, ip)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const res = await contact(valid, null, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too many messages. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect((await contact(valid, null, '10.71.0.2')).statusCode).toBe(201);
  });
});
