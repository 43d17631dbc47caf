import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/bookings.ts';
import { bookingAgreements, notifications } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';

// Changing a booking's agreement (ADR 037): a change is a new version its author accepts by
// proposing and the other side accepts; bad changes answer 4xx with a message and change nothing;
// racing proposals and acceptances leave one consistent history.
const kit = await paymentsKit();
const { app, db, host, renter, stranger, book, act } = kit;
const DAY = 86_400_000;
const day = (n: number) => todayUtc(new Date(Date.now() + n * DAY));

const call = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: payload ? 'POST' : 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const read = async (id: number) => (await call(`/api/bookings/${id}/agreement`, host.cookie)).json();
const propose = (id: number, cookie: string, change: object) =>
  call(`/api/bookings/${id}/agreement`, cookie, change);
const accept = (id: number, cookie: string, version: number) =>
  call(`/api/bookings/${id}/agreement/accept`, cookie, { version });
const versionsOf = (id: number) =>
  db.db
    .select()
    .from(bookingAgreements)
    .where(eq(bookingAgreements.bookingId, id))
    .orderBy(bookingAgreements.version);
const versionCount = async (id: number) =>
  (await db.db.select({ n: count() }).from(bookingAgreements).where(eq(bookingAgreements.bookingId, id)))[0]
    .n;

async function instant() {
  const l = await kit.listing({ bookingMode: 'instant', agreement: { houseRules: 'Close the gate.' } });
  return book(l.id, day(5), 2);
}

describe('a change to the agreement', () => {
  it('the grower may propose one too; the host accepts it and it is in force', async () => {
    const b = await instant();
    const res = await propose(b.id, renter.cookie, { hostNoticeDays: 45, water: 'Hose by the gate' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, proposal: { version: 2, proposedBy: 'grower' } });
    expect(res.json().proposal.hostAcceptedAt).toBeNull();
    // The host is told; the grower, who proposed it, is not.
    const told = await db.db.select().from(notifications).where(eq(notifications.bookingId, b.id));
    const about = told.filter((n) => /proposes a change to the agreement/.test(n.title));
    expect(about.map((n) => [n.userId, n.link])).toEqual([[host.user.id, `/bookings/${b.id}#agreement`]]);
    expect(about[0].body).toMatch(/Version 2 comes into force when you accept it/);
    const ok = await accept(b.id, host.cookie, 2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ version: 2, inForce: true, parts: { hostNoticeDays: 45 } });
  });

  it('a change that changes nothing, a third party, bad terms or a finished booking: 4xx, nothing changes', async () => {
    const b = await instant();
    expect((await propose(b.id, host.cookie, { tools: 'Shed key under the pot' })).statusCode).toBe(200);
    const before = await read(b.id);
    const rows = await versionsOf(b.id);
    const refused = [
      // The same as the version in force (the empty text is the usual wording, as it was).
      [await propose(b.id, renter.cookie, { houseRules: '  Close the gate.  ', tools: '' }), 400],
      [await propose(b.id, renter.cookie, {}), 400],
      [await propose(b.id, stranger.cookie, { houseRules: 'Mine now' }), 404],
      [await accept(b.id, stranger.cookie, 2), 404],
      [await propose(b.id, host.cookie, { hostNoticeDays: 181 }), 400],
      [await propose(b.id, host.cookie, { structuresAllowed: 'yes' }), 400],
      [await accept(b.id, renter.cookie, 1), 409],
    ] as const;
    for (const [res, code] of refused) {
      expect(res.statusCode, res.body).toBe(code);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(refused[0][0].json().message).toBe('The change must differ from the version in force');
    expect(await versionsOf(b.id)).toEqual(rows);
    expect(await read(b.id)).toEqual(before);
    // A cancelled booking's agreement no longer changes.
    expect((await act(b.id, 'cancel', renter.cookie)).statusCode).toBe(200);
    const late = await propose(b.id, host.cookie, { water: 'None' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/cannot change/);
    expect(await versionCount(b.id)).toBe(rows.length);
  });

  it('20 racing proposals and acceptances: versions numbered without gaps, each accepted at most once', async () => {
    const b = await instant();
    expect((await propose(b.id, host.cookie, { water: 'Rain barrel' })).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? accept(b.id, renter.cookie, 2)
          : propose(b.id, i % 4 ? renter.cookie : host.cookie, { tools: `Set ${i}` }),
      ),
    );
    expect(answers.filter((r) => ![200, 409].includes(r.statusCode)).map((r) => r.body)).toEqual([]);
    const rows = await versionsOf(b.id);
    expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.length).toBe(2 + answers.filter((r, i) => i % 2 === 0 && r.statusCode === 200).length);
    expect(answers.filter((r, i) => i % 2 === 1 && r.statusCode === 200).length).toBeLessThanOrEqual(1);
    // What GET says is in force is the newest version both accepted.
    const a = await read(b.id);
    const both = rows.filter((r) => r.growerAcceptedAt && r.hostAcceptedAt).map((r) => r.version);
    expect(a.version).toBe(Math.max(...both));
    expect(a.inForce).toBe(true);
  });
});
