import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PAYOUT_MAX_ATTEMPTS } from '#shared/payouts.ts';
import type { Notifier } from '../../../core/notifier.ts';
import type { Db } from '../../../db/client.ts';
import { payoutBatches, payouts } from '../../../db/schema.ts';
import { type PaymentProvider, ProviderError, type ProviderPayout } from '../providers/types.ts';
import { payoutsCreated } from './payout-notices.ts';
import { applyProviderPayout, type BatchRow, moveBatch, payoutBackoffMs } from './payouts.events.ts';

type Logger = { warn: (obj: unknown, msg?: string) => void; info: (obj: unknown, msg?: string) => void };
export type PayoutDeps = {
  db: Db;
  provider: PaymentProvider;
  notifier: Notifier;
  log: Logger;
  // Attempts before an operator decides (PAYOUT_MAX_ATTEMPTS).
  maxAttempts?: number;
  // A payout held at the provider this long is shown as waiting there (PAYOUT_PROVIDER_WAIT_HOURS).
  providerWaitMs?: number;
};

const SEND_LEASE_MS = 5 * 60_000;
export const BATCH = 20;
// An in-progress payout not heard of for this long is read back from the provider (GET); one known
// to be waiting there, hourly.
const POLL_AFTER_MS = 10 * 60_000;
const POLL_WAITING_MS = 60 * 60_000;
const DEFAULT_WAIT_MS = 6 * 3_600_000;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? []));

// Payouts waiting for details whose host now has a payout method go to the queue.
async function promoteWithDetails(db: Db, now: Date) {
  await db.execute(sql`
    update payouts set state = 'scheduled', next_attempt_at = ${now}, updated_at = ${now}
    where state = 'awaiting_details'
      and exists (select 1 from payout_methods m where m.user_id = payouts.host_id)`);
}

// A host whose payout still waits for details is reminded every few days (notification and
// e-mail); the guarded update on reminded_at makes each reminder happen once across instances.
const REMIND_EVERY_MS = 3 * 86_400_000;
async function remindWaiting({ db, notifier }: PayoutDeps, now: Date) {
  await db.transaction(async (tx) => {
    const rows = await tx.execute<{ id: number }>(sql`
      update payouts set reminded_at = ${now}
      where state = 'awaiting_details'
        and coalesce(reminded_at, created_at) <= ${new Date(now.getTime() - REMIND_EVERY_MS)}
      returning id`);
    await payoutsCreated(
      tx,
      notifier,
      rowsOf<{ id: number }>(rows).map((r) => Number(r.id)),
    );
  });
}

// Claims what is due, in one transaction: batches whose lease ran out (a crash, or a provider that
// was down: BTCPay is asked for their reference first, so nothing is created twice), and a new
// batch for each host with due payouts and a destination in use (only once a changed destination's
// 48 hours have passed). The partial unique index allows one open batch per host, so however many
// instances run this at once, a host's due payouts go out as one payout, and a host whose last
// payout is still open at the provider waits for it (BTCPay refuses a second payout to a
// destination with one open: duplicate-destination).
async function claim(db: Db, now: Date, providerId: string): Promise<BatchRow[]> {
  const lease = new Date(now.getTime() + SEND_LEASE_MS);
  return db.transaction(async (tx) => {
    const again = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update payout_batches b set attempts = b.attempts + 1, locked_until = ${lease}, updated_at = ${now}
        where b.id in (
          select id from payout_batches
          where state = 'sending' and locked_until <= ${now}
          order by id limit ${BATCH}
          for update skip locked)
        returning b.id`),
    ).map((r) => Number(r.id));
    const fresh = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into payout_batches (host_id, state, reference, provider, destination, destination_type,
                                    attempts, locked_until, created_at, updated_at)
        select m.user_id, 'sending', 'ysp-' || replace(gen_random_uuid()::text, '-', ''), ${providerId},
               m.destination, m.type, 1, ${lease}, ${now}, ${now}
        from payout_methods m
        where m.active_from <= ${now} and m.type in ('bitcoin', 'lightning')
          and exists (select 1 from payouts o where o.host_id = m.user_id and o.state = 'scheduled'
                        and coalesce(o.next_attempt_at, ${now}) <= ${now})
          and not exists (select 1 from payout_batches b where b.host_id = m.user_id
                            and b.state in ('sending', 'in_progress'))
        order by m.user_id limit ${BATCH}
        on conflict (host_id) where state in ('sending', 'in_progress') do nothing
        returning id`),
    ).map((r) => Number(r.id));
    if (fresh.length) {
      // The batch's payouts, and its amount from exactly those.
      await tx.execute(sql`
        update payouts o set state = 'sending', batch_id = b.id, attempts = o.attempts + 1,
          destination = b.destination, destination_type = b.destination_type, updated_at = ${now}
        from payout_batches b
        where b.id in ${fresh} and o.host_id = b.host_id and o.state = 'scheduled'
          and coalesce(o.next_attempt_at, ${now}) <= ${now}`);
      await tx.execute(sql`
        update payout_batches b set amount_cents = t.total
        from (select batch_id, sum(amount_cents)::int as total from payouts
              where batch_id in ${fresh} group by batch_id) t
        where b.id = t.batch_id`);
      await tx.execute(sql`delete from payout_batches where id in ${fresh} and amount_cents = 0`);
    }
    const ids = [...again, ...fresh];
    if (!ids.length) return [];
    return tx.select().from(payoutBatches).where(inArray(payoutBatches.id, ids));
  });
}

// Payouts due with a provider without a payout API go to an operator, who sends them by hand to
// the host's destination in use; so do those to a destination the payout API does not pay (a USDC
// address kept from when Coinbase was the provider, ADR 046). `apiPays`: the types the API sends.
async function toOperators(db: Db, now: Date, apiPays: string[] = []) {
  const skip = apiPays.length
    ? sql`and m.type not in (${sql.join(
        apiPays.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    update payouts o set state = 'manual', attempts = o.attempts + 1, destination = m.destination,
      destination_type = m.type, updated_at = ${now}
    from payout_methods m
    where m.user_id = o.host_id and m.active_from <= ${now} ${skip}
      and o.state = 'scheduled' and coalesce(o.next_attempt_at, ${now}) <= ${now}`);
}

// A refusal that clears by itself: the provider is down or slow (network, 5xx, 429, 408), or the
// destination still has an open payout there (BTCPay's duplicate-destination, when a person created
// one in BTCPay by hand).
const isTemporary = (err: ProviderError) =>
  err.status === undefined ||
  err.status >= 500 ||
  err.status === 429 ||
  err.status === 408 ||
  err.code === 'duplicate-destination';

// Sends what is due: each claimed batch is looked up by our reference, created when the provider
// has none, and its state applied. A temporary refusal is retried with backoff (the batch keeps its
// reference: a create that timed out may have happened); any other refusal, or too many attempts,
// goes to an operator ('failed').
export async function sendDue(deps: PayoutDeps, now: Date): Promise<number> {
  const { db, provider, notifier, log, maxAttempts = PAYOUT_MAX_ATTEMPTS } = deps;
  await promoteWithDetails(db, now);
  await remindWaiting(deps, now);
  const api = provider.payouts;
  if (!api) {
    await toOperators(db, now);
    return 0;
  }
  await toOperators(db, now, ['bitcoin', 'lightning']);
  const claimed = await claim(db, now, provider.id);
  for (const b of claimed) {
    let snap: ProviderPayout;
    try {
      const found = await api.findPayout(b.reference);
      snap =
        found ??
        (await api.createPayout({
          reference: b.reference,
          amountCents: b.amountCents,
          currency: b.currency,
          destination: b.destination,
          method: b.destinationType as 'bitcoin' | 'lightning',
        }));
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      const giveUp = !isTemporary(err) || b.attempts >= maxAttempts;
      log.warn(
        { err, batchId: b.id, attempts: b.attempts },
        giveUp ? 'payout failed' : 'payout retried later',
      );
      const lastError = err.message.slice(0, 500);
      const retryAt = new Date(now.getTime() + payoutBackoffMs(b.attempts));
      await db.transaction(async (tx) => {
        if (giveUp) {
          await moveBatch(tx, b.id, 'failed', { lockedUntil: null, lastError }, now, ['sending']);
          await tx
            .update(payouts)
            .set({ state: 'failed', lastError, updatedAt: now })
            .where(and(eq(payouts.batchId, b.id), eq(payouts.state, 'sending')));
        } else {
          await moveBatch(tx, b.id, 'sending', { lockedUntil: retryAt, lastError }, now, ['sending']);
          await tx
            .update(payouts)
            .set({ lastError, nextAttemptAt: retryAt, updatedAt: now })
            .where(and(eq(payouts.batchId, b.id), eq(payouts.state, 'sending')));
        }
      });
      continue;
    }
    await db.transaction((tx) => applyProviderPayout(tx, notifier, snap, now, maxAttempts));
  }
  return claimed.length;
}

// The fallback when a webhook is late or lost: batches in progress not heard of for a while are
// read back from the provider (those already known to be waiting there, hourly). A batch the
// provider has held (awaiting approval or payment) longer than providerWaitMs is marked as waiting,
// with the provider's reason, for operators (Admin > Payouts, a metric and an alert).
export async function pollInProgress(deps: PayoutDeps, now: Date): Promise<number> {
  const { db, provider, notifier, log, maxAttempts, providerWaitMs = DEFAULT_WAIT_MS } = deps;
  if (!provider.payouts) return 0;
  const stale = await db
    .select()
    .from(payoutBatches)
    .where(
      and(
        eq(payoutBatches.state, 'in_progress'),
        isNotNull(payoutBatches.providerPayoutId),
        sql`${payoutBatches.updatedAt} <= case when ${payoutBatches.waitingSince} is null
              then ${new Date(now.getTime() - POLL_AFTER_MS)}::timestamptz
              else ${new Date(now.getTime() - POLL_WAITING_MS)}::timestamptz end`,
      ),
    )
    .orderBy(payoutBatches.updatedAt)
    .limit(BATCH);
  let changed = 0;
  for (const b of stale) {
    try {
      const snap = await provider.payouts.getPayout(b.providerPayoutId!);
      const outcome = await db.transaction((tx) => applyProviderPayout(tx, notifier, snap, now, maxAttempts));
      if (outcome !== 'ignored') changed += 1;
      const held = snap.state === 'AwaitingApproval' || snap.state === 'AwaitingPayment';
      const since = b.providerState === snap.state && b.providerStateSince ? b.providerStateSince : now;
      if (held && now.getTime() - since.getTime() >= providerWaitMs) {
        const reason = await provider.payouts.waitingReason(snap);
        await db
          .update(payoutBatches)
          .set({ waitingSince: b.waitingSince ?? now, waitingReason: reason.slice(0, 500) })
          .where(and(eq(payoutBatches.id, b.id), eq(payoutBatches.state, 'in_progress')));
        if (!b.waitingSince) log.warn({ batchId: b.id, reason }, 'payout waiting at the provider');
      } else if (!held && b.waitingSince) {
        await db
          .update(payoutBatches)
          .set({ waitingSince: null, waitingReason: null })
          .where(eq(payoutBatches.id, b.id));
      }
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn({ err, batchId: b.id }, 'payout not read back; tried again later');
    }
  }
  return changed;
}
