import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, mailOutbox, notifications, payments, payouts } from '../../../db/schema.ts';
import { paymentsKit } from '../../../testing/payments.ts';
import type { PaymentProvider } from '../providers/types.ts';
import { SandboxStore } from '../sandbox-store.ts';
import { booksOf, imbalance } from './ledger.ts';
import { releaseDue } from './payouts.release.ts';

// The money loop on the sandbox (ADR 032): a grower pays, the hold ends, exactly one payout goes to
// the host through the same Greenfield requests and webhooks as BTCPay, and the books balance.
const kit = await paymentsKit();
const { app, db, host, completed } = kit;
const quiet = { warn: () => {}, info: () => {} };

const MINUTE = 60_000;
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const putMethod = (cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/users/me/payout-method', headers: { cookie }, payload });
const payoutOf = async (paymentId: number) =>
  (await db.db.select().from(payouts).where(eq(payouts.paymentId, paymentId)))[0];
const kindsOf = async (userId: number, kind: string) =>
  db.db
    .select()
    .from(notifications)
    .where(sql`${notifications.userId} = ${userId} and ${notifications.kind} = ${kind}`);

describe('payouts on the sandbox', () => {
  it('waits for payout details, then pays exactly once, with proof, balanced books and one "payout sent"', async () => {
    const p = await completed();
    const due = p.releaseAt!.getTime();
    // Before the hold ends: nothing.
    await app.jobs.tick(new Date(due - MINUTE));
    expect(await payoutOf(p.id)).toBeUndefined();

    // The hold ends; the host has no payout method: waiting for details, and told so.
    await app.jobs.tick(new Date(due + MINUTE));
    const waiting = await payoutOf(p.id);
    expect(waiting).toMatchObject({ state: 'awaiting_details', amountCents: 12_000, hostId: host.user.id });
    const [needed] = await kindsOf(host.user.id, 'payout_details_needed');
    expect(needed.title).toBe('Add your payout details to receive $120.00');
    const list = await app.inject({
      method: 'GET',
      url: '/api/users/me/payouts',
      headers: { cookie: host.cookie },
    });
    expect(list.json().items[0]).toMatchObject({ state: 'waiting_for_details', amountCents: 12_000 });

    // Details added (the first destination is used at once): the next run sends it.
    const put = await putMethod(host.cookie, {
      type: 'bitcoin',
      destination: ADDRESS,
      password: host.input.password,
    });
    expect(put.statusCode, put.body).toBe(200);
    await app.jobs.tick(new Date(due + 3 * 86_400_000 + 4 * MINUTE));
    const inFlight = await payoutOf(p.id);
    expect(inFlight).toMatchObject({
      state: 'in_progress',
      destination: ADDRESS,
      destinationType: 'bitcoin',
    });
    expect(inFlight.providerPayoutId).toMatch(/^PO/);
    expect(await kindsOf(host.user.id, 'payout_sent')).toHaveLength(0);
    const mid = await app.inject({
      method: 'GET',
      url: '/api/users/me/payouts',
      headers: { cookie: host.cookie },
    });
    expect(mid.json().items[0].state).toBe('in_progress');

    // The sandbox's processor pays it within a minute and says so by a signed PayoutUpdated.
    await app.jobs.tick(new Date(due + 3 * 86_400_000 + 6 * MINUTE));
    const paid = await payoutOf(p.id);
    expect(paid).toMatchObject({ state: 'completed', proofType: 'txid', providerState: 'Completed' });
    expect(paid.proof).toMatch(/^[0-9a-f]{64}$/);
    const sent = await kindsOf(host.user.id, 'payout_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0].title).toBe('Payout sent: $120.00');
    expect(sent[0].body).toContain(paid.proof!);

    // The books: 127.20 came in, 120.00 paid out, 7.20 fee kept, nothing owed.
    const [row] = await db.db.select().from(payments).where(eq(payments.id, p.id));
    const books = await booksOf(db.db, p.id);
    expect(books).toMatchObject({
      cameIn: 12_720,
      payouts: 12_000,
      refunds: 0,
      fee: 720,
      owed: 0,
      cash: 720,
    });
    expect(imbalance(books, row, 12_000)).toBeNull();

    const after = await app.inject({
      method: 'GET',
      url: '/api/users/me/payouts',
      headers: { cookie: host.cookie },
    });
    // The sandbox's transaction is made up: its proof links to the sandbox's own page of the
    // payout, not to a public explorer (ADR 059), and that page shows the payout and its proof.
    const proofUrl = `/sandbox/btcpay/payouts/${inFlight.providerPayoutId}`;
    expect(after.json().items[0]).toMatchObject({
      state: 'paid',
      proof: paid.proof,
      proofUrl,
      feeCents: 720,
    });
    const page = await app.inject({ method: 'GET', url: proofUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(paid.proof!);
    expect(page.body).toContain('Completed');
    expect(page.body).toContain('$120.00 to the host');
    // Days later the sandbox has forgotten its test invoices, not its payouts: the link still works.
    expect(await new SandboxStore(db.db).purge(new Date(Date.now() + 3 * 86_400_000))).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: proofUrl })).statusCode).toBe(200);

    // More ticks, later: nothing changes, no second notice.
    await app.jobs.tick(new Date(due + 3 * 86_400_000 + 60 * MINUTE));
    expect(await kindsOf(host.user.id, 'payout_sent')).toHaveLength(1);
    expect((await payoutOf(p.id)).state).toBe('completed');
  });

  it('30 concurrent release runs give one payout per payment and one notice', async () => {
    const a = await completed();
    const b = await completed();
    const at = new Date(Math.max(a.releaseAt!.getTime(), b.releaseAt!.getTime()) + MINUTE);
    // Two instances' worth of runs at once: each inserts with ON CONFLICT (payment_id) DO NOTHING.
    const runs = await Promise.all(
      Array.from({ length: 30 }, () =>
        releaseDue(
          { db: db.db, provider: { id: 'sandbox' } as PaymentProvider, notifier: app.notices, log: quiet },
          at,
        ),
      ),
    );
    expect(runs.reduce((s, n) => s + n, 0)).toBe(2);
    const rows = await db.db.select().from(payouts).where(sql`${payouts.paymentId} in (${a.id}, ${b.id})`);
    expect(rows).toHaveLength(2);
    const scheduled = await db.db
      .select()
      .from(notifications)
      .where(sql`${notifications.kind} = 'payout_released' and ${notifications.userId} = ${host.user.id}`);
    expect(scheduled.filter((n) => n.bookingId === a.bookingId || n.bookingId === b.bookingId)).toHaveLength(
      2,
    );
  });
});

describe('payout method', () => {
  const okBody = () => ({ type: 'bitcoin', destination: ADDRESS, password: kit.renter.input.password });

  it('refuses an invalid address, the wrong network, a bad Lightning address and a wrong password; stores nothing', async () => {
    const cookie = kit.renter.cookie;
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { ...okBody(), destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx' },
        400,
        'This is not a valid Bitcoin address',
      ],
      [
        { ...okBody(), destination: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
        400,
        'This is a testnet address; payouts are sent on mainnet',
      ],
      [
        { ...okBody(), type: 'lightning', destination: 'not an address' },
        400,
        'Enter a Lightning address (name@domain) or an LNURL',
      ],
      [
        { ...okBody(), type: 'lightning', destination: 'lnurl1dp68gurn8ghj7' },
        400,
        'This is not a valid LNURL',
      ],
      [{ ...okBody(), type: 'paypal' }, 400, 'type: type must be bitcoin, lightning or usdc'],
      [{ ...okBody(), password: 'wrong-password' }, 403, 'Your password is not correct'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await putMethod(cookie, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const get = await app.inject({ method: 'GET', url: '/api/users/me/payout-method', headers: { cookie } });
    expect(get.statusCode).toBe(404);
    expect(get.json().message).toBe('You have not added a payout method yet');
    const anon = await putMethod('', okBody());
    expect(anon.statusCode).toBe(401);
  });

  it('accepts a Lightning address and an LNURL; a change waits 48 hours, is mailed and audit-logged', async () => {
    const { cookie, user } = kit.stranger;
    const pw = kit.stranger.input.password;
    const first = await putMethod(cookie, {
      type: 'lightning',
      destination: 'Grower@Example.com',
      password: pw,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ type: 'lightning', destination: 'grower@example.com' });
    expect(first.json().activeFrom).toBe(first.json().changedAt);
    const lnurl =
      'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS';
    const second = await putMethod(cookie, { type: 'lightning', destination: lnurl, password: pw });
    expect(second.statusCode, second.body).toBe(200);
    const m = second.json();
    expect(new Date(m.activeFrom).getTime() - new Date(m.changedAt).getTime()).toBe(48 * 3_600_000);
    const audits = await db.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.subjectType} = 'user' and ${auditLog.subjectId} = ${user.id}`);
    expect(audits.map((a) => a.action)).toEqual(['payout_method_added', 'payout_method_changed']);
    const mails = await db.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.userId} = ${user.id} and ${mailOutbox.kind} = 'payout_method'`);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Your payout details were changed');
    // Only ever one's own: the renter's session reads its own (none), never the stranger's.
    const other = await app.inject({
      method: 'GET',
      url: '/api/users/me/payout-method',
      headers: { cookie: kit.renter.cookie },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('ledger', () => {
  it('records a partial refund and pays out the rest; each movement sums to zero', async () => {
    const p = await completed();
    const res = await kit.refund(p.id, host.cookie);
    expect(res.statusCode).toBe(200);
    const sums = await db.db
      .select({ txn: ledgerEntries.txn, total: sql<number>`sum(${ledgerEntries.amountCents})::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, p.id))
      .groupBy(ledgerEntries.txn);
    expect(sums.length).toBe(2);
    for (const s of sums) expect(Number(s.total)).toBe(0);
    const [row] = await db.db.select().from(payments).where(eq(payments.id, p.id));
    const books = await booksOf(db.db, p.id);
    expect(books).toMatchObject({ cameIn: 12_720, refunds: 12_720, fee: 0, owed: 0 });
    expect(imbalance(books, row, 0)).toBeNull();
  });
});
