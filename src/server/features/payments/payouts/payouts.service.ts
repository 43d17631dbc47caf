import type { Earnings } from '#shared/payouts.ts';
import { runOffThread } from '../../../core/cpu-pool.ts';
import type { Actor } from '../../admin/queries.ts';
import { earningsOf } from './earnings.ts';
import { type AdminPayoutAction, adminPayoutAction, adminPayouts } from './payouts.admin.ts';
import { type PayoutDeps, sendDue } from './payouts.jobs.ts';

// What the payouts' routes serve (ADR 032): a host's earnings (and as CSV), the operator console's
// payouts and its decisions. Built once by the composition root over the payout sender's deps.
export class Payouts {
  private deps: PayoutDeps;
  // The block explorer's page of a transaction ({txid}), for the proofs (BLOCK_EXPLORER_TX_URL).
  private explorerTxUrl: string | null;

  constructor(deps: PayoutDeps, explorerTxUrl: string | null) {
    this.deps = deps;
    this.explorerTxUrl = explorerTxUrl;
  }

  earnings(hostId: number): Promise<Earnings> {
    return earningsOf(this.deps.db, hostId, this.explorerTxUrl);
  }

  // The earnings of a range of UTC days (from and to included) as a CSV file: the rows read here,
  // the text made on the CPU pool (ADR 055; a 503 OVER_BUDGET past its time).
  async earningsCsv(hostId: number, from?: string, to?: string): Promise<string> {
    const { items } = await this.earnings(hostId);
    return runOffThread('earningsCsv', items, from, to);
  }

  console() {
    return adminPayouts(this.deps.db);
  }

  async decide(
    actor: Actor,
    id: number,
    action: AdminPayoutAction,
    input: { reason: string; reference?: string },
  ) {
    const result = await adminPayoutAction(this.deps.db, this.deps.notifier, actor, id, action, input);
    // A retried payout goes out on the next run of the sender, which this starts now.
    if (action === 'retry')
      await sendDue(this.deps, new Date()).catch((err) =>
        this.deps.log.warn({ err }, 'payout retry not sent; the job sends it'),
      );
    return result;
  }
}
