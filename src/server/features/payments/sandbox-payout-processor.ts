import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxRecords } from '../../db/schema.ts';
import { btcpaySignature } from './providers/btcpay.ts';
import type { PayoutData } from './providers/greenfield-payouts.ts';
import type { ProviderPayoutState } from './providers/types.ts';
import { proofFor } from './sandbox-pages.ts';
import { webhookEnvelope } from './sandbox-store.ts';
import type { Deliver } from './sandbox-transport.ts';

// The sandbox's payouts as BTCPay keeps them (ADR 032): their moves, each in one locked step, and
// the signed webhooks BTCPay sends about them. The routes (sandbox-payouts.ts) and the automated
// processor's job (processDue, registered by the composition root) share one.

export type SandboxPayout = PayoutData & {
  storeId: string;
  createdMs: number;
  amountCents: number;
  failure?: string;
};
const PROCESS_AFTER_MS = 10_000;

export class SandboxPayouts {
  private readonly db: Db;
  private readonly secret: string;
  private readonly deliver: Deliver;

  constructor(db: Db, secret: string, deliver: Deliver) {
    this.db = db;
    this.secret = secret;
    this.deliver = deliver;
  }

  // A pull payment as created (the routes' POST pull-payments), and read back by id.
  savePullPayment = async (id: string, data: object): Promise<void> => {
    await this.db.insert(sandboxRecords).values({ id, kind: 'pull-payment', data });
  };
  pullPayment = async (id: string): Promise<unknown> => {
    const [row] = await this.db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.id, id), eq(sandboxRecords.kind, 'pull-payment')));
    return row?.data;
  };

  // Whether a payout to the destination is neither Completed nor Cancelled.
  openTo = async (destination: string): Promise<boolean> => {
    const [open] = await this.db
      .select({ id: sandboxRecords.id })
      .from(sandboxRecords)
      .where(
        and(
          eq(sandboxRecords.kind, 'payout'),
          sql`${sandboxRecords.data}->>'destination' = ${destination}`,
          sql`${sandboxRecords.data}->>'state' not in ('Completed', 'Cancelled')`,
        ),
      )
      .limit(1);
    return Boolean(open);
  };

  save = async (p: SandboxPayout): Promise<void> => {
    await this.db.insert(sandboxRecords).values({ id: p.id, kind: 'payout', data: p });
  };

  // A store's payouts, oldest first.
  ofStore = async (storeId: string): Promise<SandboxPayout[]> => {
    const rows = await this.db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, 'payout'), sql`${sandboxRecords.data}->>'storeId' = ${storeId}`))
      .orderBy(asc(sandboxRecords.createdAt));
    return rows.map((r) => r.data as SandboxPayout);
  };

  load = async (id: string): Promise<SandboxPayout | undefined> => {
    const [row] = await this.db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.id, id), eq(sandboxRecords.kind, 'payout')));
    return row?.data as SandboxPayout | undefined;
  };

  // Moves a payout in one locked step; null when it is not in one of `from`.
  change = (
    id: string,
    from: ProviderPayoutState[],
    to: ProviderPayoutState,
    extra: Partial<SandboxPayout> = {},
  ) =>
    this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.id, id), eq(sandboxRecords.kind, 'payout')))
        .for('update');
      const p = row?.data as SandboxPayout | undefined;
      if (!p || !from.includes(p.state)) return null;
      const next = { ...p, ...extra, state: to };
      await tx.update(sandboxRecords).set({ data: next }).where(eq(sandboxRecords.id, id));
      return next;
    });

  hook = async (p: SandboxPayout, type: 'PayoutCreated' | 'PayoutApproved' | 'PayoutUpdated') => {
    const body = webhookEnvelope(type, {
      storeId: p.storeId,
      payoutId: p.id,
      pullPaymentId: p.pullPaymentId ?? null,
      payoutState: p.state,
    });
    return this.deliver(body, btcpaySignature(this.secret, body));
  };

  complete = async (id: string) => {
    const p = await this.load(id);
    if (!p) return null;
    const done = await this.change(id, ['AwaitingPayment', 'InProgress'], 'Completed', {
      paymentProof: proofFor(p),
    });
    if (done) await this.hook(done, 'PayoutUpdated');
    return done;
  };

  cancel = async (id: string, failure?: string) => {
    const from: ProviderPayoutState[] = ['AwaitingApproval', 'AwaitingPayment', 'InProgress'];
    const done = await this.change(id, from, 'Cancelled', failure ? { failure } : {});
    if (done) await this.hook(done, 'PayoutUpdated');
    return done;
  };

  // The processor could not send it (no route, no funds) and gave up: cancelled, as BTCPay does.
  fail = (id: string) => this.cancel(id, 'The payout processor could not send the payout');

  // The automated processor (the sandbox.payouts job): approved payouts older than a few seconds
  // are paid, "within a minute", like a processor.
  processDue = async (now: Date) => {
    const rows = await this.db
      .select({ id: sandboxRecords.id, data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(
        and(eq(sandboxRecords.kind, 'payout'), sql`${sandboxRecords.data}->>'state' = 'AwaitingPayment'`),
      );
    for (const r of rows)
      if ((r.data as SandboxPayout).createdMs <= now.getTime() - PROCESS_AFTER_MS) await this.complete(r.id);
  };
}
