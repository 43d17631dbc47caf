import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { paymentsKit } from '../../testing/payments.ts';

// The console's payments (ADR 029): flagged ones first, and a refund through the same provider
// path as the host's own refund (PaymentsService.refund, then sendRefund on the sandbox).
const kit = await paymentsKit();
const { app, db, completed } = kit;
const { call, act, admin } = await moderationKit(app, db);

describe('GET /api/admin/payments', () => {
  it('lists flagged payments first, with their state and why they are flagged', async () => {
    const ok = await completed();
    const flagged = await completed();
    await db.db
      .update(payments)
      .set({ flaggedReason: 'Underpaid: received $63.60 of $127.20' })
      .where(eq(payments.id, flagged.id));
    const res = await call(admin, 'GET', '/api/admin/payments');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.flaggedCount).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: flagged.id,
      flagged: true,
      flaggedReason: 'Underpaid: received $63.60 of $127.20',
      status: 'completed',
    });
    expect(page.items[1]).toMatchObject({
      id: ok.id,
      flagged: false,
      status: 'completed',
      payout: 'held',
      canRefund: true,
      renter: { id: kit.renter.user.id },
      host: { id: kit.host.user.id },
    });
    const only = (await call(admin, 'GET', '/api/admin/payments?filter=flagged')).json();
    expect(only.items.map((p: { id: number }) => p.id)).toEqual([flagged.id]);
    expect((await call(admin, 'GET', '/api/admin/payments?filter=bogus')).statusCode).toBe(400);
    // The host's and the renter's pages list it too.
    const detail = (await call(admin, 'GET', `/api/admin/users/${kit.host.user.id}`)).json();
    expect(detail.payments.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([ok.id, flagged.id]),
    );
  });
});

describe('POST /api/admin/payments/:id/refund', () => {
  it('refunds part, then the rest, through the provider, with an audit entry each time', async () => {
    const p = await completed();
    expect((await act(admin, `payments/${p.id}/refund`, { reason: '' })).statusCode).toBe(400);
    const part = await act(admin, `payments/${p.id}/refund`, {
      reason: 'Goodwill for a bad week',
      amount: 2000,
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().audit).toMatchObject({
      action: 'refund',
      subjectType: 'payment',
      subjectId: p.id,
      reason: 'Goodwill for a bad week',
      details: { amount: 2000 },
    });
    let [row] = await db.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row).toMatchObject({ status: 'completed', refundedAmount: 2000 });
    expect((row.metadata as { refund: { state: string; by: number } }).refund).toMatchObject({
      state: expect.stringMatching(/^(sent|manual)$/),
      by: admin.user.id,
      amount: 2000,
    });
    const rest = await act(admin, `payments/${p.id}/refund`, { reason: 'Scam host' });
    expect(rest.statusCode, rest.body).toBe(200);
    [row] = await db.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row.status).toBe('refunded');
    expect(row.refundedAmount).toBe(p.amount + p.platformFee);
    expect(rest.json().audit.details.amount).toBe(p.amount + p.platformFee - 2000);
    // Nothing left: the same 409 the host gets.
    const again = await act(admin, `payments/${p.id}/refund`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(
      (await call(admin, 'GET', `/api/admin/audit?subjectType=payment&subjectId=${p.id}`)).json().total,
    ).toBe(2);
  });

  it('is a 404 for members, also the host of the payment', async () => {
    const p = await completed();
    const res = await act(kit.host, `payments/${p.id}/refund`, { reason: 'Mine' });
    expect(res.statusCode).toBe(404);
    const [row] = await db.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row.status).toBe('completed');
  });
});
