import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR } from '#shared/moderation.ts';
import { messages, reports } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();
const { report } = await moderationKit(app, db);

const host = await registerUser(app);
const reporter = await registerUser(app);
const listing = await insertListing(db, host.user.id);
const [received] = await db.db
  .insert(messages)
  .values({ fromUserId: host.user.id, toUserId: reporter.user.id, content: 'Pay me by wire please' })
  .returning();

describe('POST /api/reports', () => {
  it('needs a signed-in user', async () => {
    const res = await report(null, 'listing', listing.id);
    expect(res.statusCode).toBe(401);
  });

  it('reports a listing, a user and a received message, and acknowledges each', async () => {
    const a = await report(reporter, 'listing', listing.id, 'unsafe', '  The photos are of another place ');
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({
      subjectType: 'listing',
      subjectId: listing.id,
      reason: 'unsafe',
      text: 'The photos are of another place',
      status: 'open',
    });
    const [row] = await db.db.select().from(reports).where(eq(reports.id, a.json().id));
    expect(row.subjectUserId).toBe(host.user.id);
    expect((await report(reporter, 'user', host.user.id, 'harassment')).statusCode).toBe(201);
    const m = await report(reporter, 'message', received.id, 'scam');
    expect(m.statusCode, m.body).toBe(201);
    expect(m.json().text).toBeNull();
  });

  it('answers 409 for a second open report on the same subject', async () => {
    const res = await report(reporter, 'listing', listing.id, 'spam');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already reported/);
    // Another reporter may report it too.
    const other = await registerUser(app);
    expect((await report(other, 'listing', listing.id)).statusCode).toBe(201);
  });

  it('may report again once the first report is closed', async () => {
    const who = await registerUser(app);
    const first = await report(who, 'user', host.user.id);
    await db.db.update(reports).set({ status: 'dismissed' }).where(eq(reports.id, first.json().id));
    expect((await report(who, 'user', host.user.id)).statusCode).toBe(201);
  });

  it('gives exactly one 201 for 30 identical reports sent at once', async () => {
    const who = await registerUser(app);
    const other = await insertListing(db, host.user.id, { title: 'Raced plot' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => report(who, 'listing', other.id)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(typeof r.json().message).toBe('string');
    const rows = await db.db.select().from(reports).where(eq(reports.subjectId, other.id));
    expect(rows.filter((r) => r.reporterId === who.user.id)).toHaveLength(1);
  });

  it('refuses yourself, your own listing and your own message (400), and unknown subjects (404)', async () => {
    expect((await report(host, 'user', host.user.id)).statusCode).toBe(400);
    expect((await report(host, 'listing', listing.id)).statusCode).toBe(400);
    expect((await report(host, 'message', received.id)).statusCode).toBe(400);
    expect((await report(reporter, 'listing', 999_999)).statusCode).toBe(404);
    expect((await report(reporter, 'user', 999_999)).statusCode).toBe(404);
    expect((await report(reporter, 'message', 999_999)).statusCode).toBe(404);
    // A message between two other people is not yours to see.
    const stranger = await registerUser(app);
    expect((await report(stranger, 'message', received.id)).statusCode).toBe(404);
  });

  it('answers bad input with a 400 and a message', async () => {
    for (const payload of [
      {},
      { subjectType: 'booking', subjectId: 1, reason: 'spam' },
      { subjectType: 'user', subjectId: -1, reason: 'spam' },
      { subjectType: 'user', subjectId: host.user.id, reason: 'rude' },
      { subjectType: 'user', subjectId: host.user.id, reason: 'spam', text: 'x'.repeat(2001) },
      { subjectType: 'user', subjectId: host.user.id, reason: 'spam', text: 'nul \u0000' },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie: reporter.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it(`limits a member to ${REPORTS_PER_HOUR} reports an hour`, async () => {
    const who = await registerUser(app);
    const targets = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 1 }, (_, i) =>
        insertListing(db, host.user.id, { title: `Plot ${i}` }),
      ),
    );
    for (const t of targets.slice(0, REPORTS_PER_HOUR))
      expect((await report(who, 'listing', t.id)).statusCode).toBe(201);
    const over = await report(who, 'listing', targets[REPORTS_PER_HOUR].id);
    expect(over.statusCode).toBe(429);
  });
});
