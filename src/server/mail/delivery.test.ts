import fs from 'node:fs';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type DbHandle, postgresHandle } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { insertListing, registerUser } from '../testing/factories.ts';
import { startSmtp } from '../testing/smtp.ts';
import { buildTestApp, createTestDb, indexHtmlFixture, testConfig } from '../testing/test-app.ts';
import { composeUserMail } from './compose.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import { EML_NAME } from './transport.ts';

// The outbox's sending side against a real SMTP server: delivery, retry with backoff, failure,
// restarts, several instances, file mode and /dev/mail, and the live wake-up on commit.
const ORIGIN = 'http://yardshare.test';
const smtp = await startSmtp();
afterAll(() => smtp.close());
const { indexHtml } = indexHtmlFixture();
const { app, db, config } = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN }, { indexHtml });

let seq = 0;
const plainMail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => {
  seq += 1;
  return {
    to: `reader${seq}@example.com`,
    subject: `Test mail ${seq}`,
    html: `<p>Mail ${seq}</p>`,
    text: `Mail ${seq}`,
    kind: 'test',
    ...overrides,
  };
};
// Written in a committed transaction, as a feature does.
const enqueue = (handle: DbHandle, mail = plainMail()) =>
  handle.db.transaction((tx) => enqueueMail(tx, mail));
const row = async (handle: DbHandle, id: number) =>
  (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
// A header's value as sent (mailparser turns some, such as List-*, into objects).
const header = (m: ParsedMail, name: string) =>
  m.headerLines
    .find((h) => h.key === name.toLowerCase())
    ?.line.slice(name.length + 1)
    .trim();

// Sends what is due and forgets it. The test server keeps a message before it answers, so a
// finished deliverDue has all its messages there: no test waits "a moment" for more to arrive.
const drain = async () => {
  smtp.setFail(0, 451);
  await app.mail.deliverDue();
  smtp.messages.length = 0;
};
beforeEach(drain);

describe('delivery over SMTP', () => {
  it('sends a mail written in the millisecond the run is told (the database keeps microseconds)', async () => {
    const id = await enqueue(db);
    await db.db.execute(
      sql`update mail_outbox set next_attempt_at = date_trunc('milliseconds', next_attempt_at) + interval '500 microseconds' where id = ${id}`,
    );
    // The run's time is that millisecond, as a Date taken right after the commit can be.
    const t = (await row(db, id))!.nextAttemptAt;
    expect(await app.mail.deliverDue(t)).toEqual({ sent: 1, retry: 0, failed: 0 });
  });

  it('sends a committed mail with its recipient, subject, From, unsubscribe headers, both parts and a working link', async () => {
    const { user } = await registerUser(app);
    const listing = await insertListing(db, user.id);
    // Mail the registration wrote (address verification) goes first.
    await drain();
    const link = `${ORIGIN}/listings/${listing.id}`;
    const id = await db.db.transaction(async (tx) =>
      enqueueMail(
        tx,
        await composeUserMail(tx, config, {
          userId: user.id,
          to: user.email,
          kind: 'message',
          subject: 'You have a new message',
          content: {
            preheader: 'A grower wrote to you',
            heading: 'A new message',
            paragraphs: ['Someone asked about your beds.'],
            action: { label: 'Open the listing', url: link },
            footer: 'You get this because you have an account.',
          },
          unsubscribe: 'message',
        }),
      ),
    );
    expect(await app.mail.deliverDue()).toEqual({ sent: 1, retry: 0, failed: 0 });
    const [m] = await smtp.waitFor(1);
    expect(m.to && !Array.isArray(m.to) && m.to.value[0].address).toBe(user.email);
    expect(m.subject).toBe('You have a new message');
    expect(m.from?.value).toEqual([{ name: 'Yardshare', address: 'no-reply@yardshare.localhost' }]);
    expect(m.messageId).toBe(`<outbox-${id}@yardshare.test>`);
    expect(header(m, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/yardshare\.test\/api\/unsubscribe\?token=[^>]+>$/,
    );
    expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(m.text).toContain(`Open the listing: ${link}`);
    expect(m.html).toContain(`href="${link}"`);
    // The link leads to the listing's page.
    const page = await app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(listing.title);

    const sent = await row(db, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    // Sent is sent: a later run does not send it again.
    expect(await app.mail.deliverDue(at(new Date(), 3_600_000))).toEqual({ sent: 0, retry: 0, failed: 0 });
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const before = (await db.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0].n;
    await expect(
      db.db.transaction(async (tx) => {
        await enqueueMail(tx, plainMail());
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect((await db.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0].n).toBe(before);
    expect(await app.mail.deliverDue()).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it('retries a 451 with backoff and delivers exactly once', async () => {
    smtp.setFail(2, 451);
    const id = await enqueue(db);
    const t0 = new Date();
    expect(await app.mail.deliverDue(t0)).toMatchObject({ retry: 1 });
    let r = await row(db, id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(r.lastError).toMatch(/451/);
    expect(r.nextAttemptAt.getTime() - t0.getTime()).toBe(30_000);
    // Not before the backoff has passed.
    expect(await app.mail.deliverDue(at(t0, 29_000))).toEqual({ sent: 0, retry: 0, failed: 0 });

    const t1 = at(t0, 31_000);
    expect(await app.mail.deliverDue(t1)).toMatchObject({ retry: 1 });
    r = await row(db, id);
    expect(r.attempts).toBe(2);
    expect(r.nextAttemptAt.getTime() - t1.getTime()).toBe(60_000);

    expect(await app.mail.deliverDue(at(t1, 61_000))).toEqual({ sent: 1, retry: 0, failed: 0 });
    await smtp.waitFor(1);
    expect(await row(db, id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(await app.mail.deliverDue(at(t1, 3_600_000))).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it('marks a mail failed at once on a permanent 5xx answer', async () => {
    smtp.setFail(1, 550);
    const id = await enqueue(db);
    expect(await app.mail.deliverDue()).toEqual({ sent: 0, retry: 0, failed: 1 });
    const r = await row(db, id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1, lockedUntil: null });
    expect(r.lastError).toMatch(/550/);
    await app.mail.deliverDue(at(new Date(), 86_400_000));
    expect(smtp.messages).toHaveLength(0);
  });

  it('is sent by the mail.outbox job', async () => {
    const id = await enqueue(db);
    expect(await app.jobs.tick(at(new Date(), 3 * 86_400_000))).toContain('mail.outbox');
    await smtp.waitFor(1);
    expect((await row(db, id)).status).toBe('sent');
  });

  it('has no /dev/mail when SMTP_URL is set', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

// An address where nothing listens.
const closedPort = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});
const down = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` });

describe('an SMTP server that is down', () => {
  it('is retried with growing backoff, then the mail is failed after 24 hours', async () => {
    const id = await enqueue(down.db);
    const t0 = new Date();
    let now = t0;
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      expect(await down.app.mail.deliverDue(now)).toEqual({ sent: 0, retry: 1, failed: 0 });
      const r = await row(down.db, id);
      expect(r.status).toBe('pending');
      expect(r.lastError).toMatch(/ECONNREFUSED|connect/i);
      waits.push(r.nextAttemptAt.getTime() - now.getTime());
      now = r.nextAttemptAt;
    }
    const min = 60_000;
    expect(waits).toEqual([min / 2, min, 2 * min, 4 * min, 8 * min, 16 * min, 32 * min, 60 * min, 60 * min]);
    // Still retried a little before a day has passed, failed at the first attempt after it.
    expect(await down.app.mail.deliverDue(at(t0, 23 * 3_600_000))).toMatchObject({ retry: 1 });
    expect(await down.app.mail.deliverDue(at(t0, 25 * 3_600_000))).toEqual({ sent: 0, retry: 0, failed: 1 });
    expect(await row(down.db, id)).toMatchObject({ status: 'failed', attempts: 11, lockedUntil: null });
    expect(await down.app.mail.deliverDue(at(t0, 48 * 3_600_000))).toEqual({ sent: 0, retry: 0, failed: 0 });
  });
});

// Instances built on one database handle (app.close leaves a handle it was given open). On
// PostgreSQL the second handle has its own connections; PGlite is one process's database.
const made = await createTestDb();
const cfg = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN });
const second: DbHandle = made.url ? postgresHandle(made.url, 10) : made.handle;
const apps: FastifyInstance[] = [];
const instance = async (handle: DbHandle) => {
  const a = await buildApp({ config: cfg, db: handle, logger: false, serveClient: false });
  await a.ready();
  apps.push(a);
  return a;
};
afterAll(async () => {
  for (const a of apps) await a.close();
  if (second !== made.handle) await second.close();
  await made.drop();
  fs.rmSync(cfg.dataDir, { recursive: true, force: true });
});

describe('several app instances on one database', () => {
  it('delivers a mail enqueued before a restart, and one whose sender died mid-lease', async () => {
    const first = await instance(made.handle);
    const waiting = await enqueue(first.dbHandle);
    const leased = await enqueue(first.dbHandle);
    const t0 = new Date();
    // The first instance leased the second mail and died before sending it.
    await first.dbHandle.db
      .update(mailOutbox)
      .set({ lockedUntil: at(t0, 120_000), attempts: 1 })
      .where(eq(mailOutbox.id, leased));
    await first.close();

    const next = await instance(made.handle);
    expect(await next.mail.deliverDue(t0)).toEqual({ sent: 1, retry: 0, failed: 0 });
    const [m] = await smtp.waitFor(1);
    expect(m.messageId).toBe(`<outbox-${waiting}@yardshare.test>`);
    // The dead instance's lease ends; then the mail goes.
    expect(await next.mail.deliverDue(at(t0, 119_000))).toMatchObject({ sent: 0 });
    expect(await next.mail.deliverDue(at(t0, 121_000))).toEqual({ sent: 1, retry: 0, failed: 0 });
    await smtp.waitFor(2);
    expect(await row(made.handle, leased)).toMatchObject({ status: 'sent', attempts: 2 });
    await next.close();
  });

  it('sends each mail once when two instances run deliverDue at the same time', async () => {
    const a = await instance(made.handle);
    const b = await instance(second);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await enqueue(made.handle));
    const now = new Date();
    const runs = await Promise.all([
      ...Array.from({ length: 5 }, () => a.mail.deliverDue(now)),
      ...Array.from({ length: 5 }, () => b.mail.deliverDue(now)),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(10);
    // Every run has finished, so every message sent (and any second copy) is already here.
    const received = smtp.messages.map((m) => m.messageId).sort();
    expect(received).toEqual(ids.map((id) => `<outbox-${id}@yardshare.test>`).sort());
    for (const id of ids) expect(await row(made.handle, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends a committed mail without a tick, once, when the instances listen', async () => {
    const [a, b] = apps.slice(-2);
    await Promise.all([a.mail.start(), b.mail.start()]);
    const ids = await Promise.all([enqueue(made.handle), enqueue(second), enqueue(made.handle)]);
    // Nothing ticks the mail.outbox job in tests: only the NOTIFY on commit can send these.
    await smtp.waitFor(3);
    // Closing an instance waits for its delivery run in progress (the afterAll's second close is a
    // no-op), so once both are closed any second copy has arrived; and each row was leased once.
    await Promise.all([a.close(), b.close()]);
    for (const id of ids) expect(await row(made.handle, id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.messages.map((m) => m.messageId).sort()).toEqual(
      ids.map((id) => `<outbox-${id}@yardshare.test>`).sort(),
    );
  });
});

const files = await buildTestApp({ PUBLIC_URL: ORIGIN });

describe('file mode and /dev/mail', () => {
  const local = { remoteAddress: '127.0.0.1' };
  let name = '';
  const subject = 'Your <b>plot</b> & "beds"';

  it('writes each mail as an .eml file', async () => {
    const id = await enqueue(
      files.db,
      plainMail({
        subject,
        html: '<!doctype html><html><head><title>x</title></head><body><p>Hello <a href="http://yardshare.test/x">there</a></p><script>alert(1)</script></body></html>',
        text: 'Hello there <in text>',
        headers: { 'List-Unsubscribe': '<http://yardshare.test/api/unsubscribe?token=a>' },
      }),
    );
    expect(await files.app.mail.deliverDue()).toEqual({ sent: 1, retry: 0, failed: 0 });
    const names = fs.readdirSync(files.config.mail.dir);
    expect(names).toHaveLength(1);
    name = names[0];
    expect(name).toMatch(EML_NAME);
    expect(name.endsWith(`-${id}.eml`)).toBe(true);
    const raw = fs.readFileSync(`${files.config.mail.dir}/${name}`, 'utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(raw).toContain(`Message-ID: <outbox-${id}@yardshare.test>`);
    expect(raw).toContain('List-Unsubscribe: <http://yardshare.test/api/unsubscribe?token=a>');
  });

  it('lists the files on /dev/mail, escaped, for a local request', async () => {
    const res = await files.app.inject({ method: 'GET', url: '/dev/mail', ...local });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`href="/dev/mail/${name}"`);
    expect(res.body).toContain('Your &lt;b&gt;plot&lt;/b&gt; &amp; &quot;beds&quot;');
    expect(res.body).not.toContain('<b>plot');
    expect(res.body).toMatch(/reader\d+@example\.com/);
  });

  it('shows a message: headers, the HTML part in a sandboxed frame, the text part, the raw file', async () => {
    const res = await files.app.inject({ method: 'GET', url: `/dev/mail/${name}`, ...local });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('List-Unsubscribe');
    expect(res.body).toContain(`<iframe src="/dev/mail/${name}/html"`);
    expect(res.body).toContain('sandbox=');
    expect(res.body).toContain('Hello there &lt;in text&gt;');
    expect(res.body).not.toContain('<script>');

    const html = await files.app.inject({ method: 'GET', url: `/dev/mail/${name}/html`, ...local });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toMatch(/^sandbox [^;]*; default-src 'none';/);
    expect(html.headers['content-security-policy']).not.toMatch(/script-src|allow-scripts|allow-same-origin/);
    expect(html.body).toContain('<base target="_blank">');

    const raw = await files.app.inject({ method: 'GET', url: `/dev/mail/${name}/raw`, ...local });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(raw.body).toContain('Message-ID: <outbox-');
  });

  it('answers 404 to anyone not on this machine', async () => {
    for (const req of [
      { remoteAddress: '10.0.0.5' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'rebound.example' } },
    ]) {
      for (const url of ['/dev/mail', `/dev/mail/${name}`, `/dev/mail/${name}/raw`]) {
        const res = await files.app.inject({ method: 'GET', url, ...req });
        expect(res.statusCode, `${url} ${JSON.stringify(req)}`).toBe(404);
        expect(res.body).not.toContain('plot');
      }
    }
  });

  it('refuses file names that are not mail files', async () => {
    for (const url of [
      '/dev/mail/..%2F..%2Fetc%2Fpasswd',
      '/dev/mail/..%2Fpglite.lock',
      '/dev/mail/../uploads',
      `/dev/mail/${encodeURIComponent(`../mail/${name}`)}`,
      '/dev/mail/2026-01-01T00-00-00.000Z-1.eml%00.txt',
      '/dev/mail/2026-01-01T00-00-00.000Z-999.eml',
    ]) {
      const res = await files.app.inject({ method: 'GET', url, ...local });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json(), url).toHaveProperty('message');
    }
  });
});
