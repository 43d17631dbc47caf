import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { PAYOUT_MAX_ATTEMPTS } from '#shared/payouts.ts';
import type { Notifier } from '../../../core/notifier.ts';
import type { Db } from '../../../db/client.ts';
import { payouts } from '../../../db/schema.ts';
import { type PaymentProvider, ProviderError, type ProviderPayout } from '../providers/types.ts';
import { payoutsCreated } from './payout-notices.ts';
import { applyProviderPayout, movePayout, type PayoutRow, payoutBackoffMs } from './payouts.events.ts';

type Logger = { warn: (obj: unknown, msg?: string) => void; info: (obj: unknown, msg?: string) => void };
export type PayoutDeps = {
  db: Db;
  provider: PaymentProvider;
  notifier: Notifier | null;
  log: Logger;
  // Attempts before an operator decides (PAYOUT_MAX_ATTEMPTS).
  maxAttempts?: number;
};

const SEND_LEASE_MS = 5 * 60_000;
const BATCH = 20;
// An in-progress payout not heard of for this long is read back from the provider (GET).
const POLL_AFTER_MS = 10 * 60_000;

// The hold ended: one payout per payment, in one statement. The payment is marked released and the
// payout inserted with ON CONFLICT (payment_id) DO NOTHING, so however many runs race (30 at once,
// on several instances), each payment gets one payout and its host one notification. A flagged
// payment waits for a person; the host's share is the rent less what was refunded of it.
export async function releaseDue(deps: PayoutDeps, now: Date): Promise<number> {
  const { db, provider, notifier, log } = deps;
  const created = await db.transaction(async (tx) => {
    const rows = await tx.execute<{ id: number }>(sql`
      with due as (
        update payments set released_at = coalesce(released_at, ${now}), updated_at = ${now}
        where status = 'completed' and flagged_reason is null and release_at <= ${now}
          and not exists (select 1 from payouts o where o.payment_id = payments.id)
        returning id, host_id, amount, refunded_amount, currency
      )
      insert into payouts (payment_id, host_id, amount_cents, currency, state, provider, reference,
                           next_attempt_at, created_at, updated_at)
      select d.id, d.host_id, d.amount - least(coalesce(d.refunded_amount, 0), d.amount), d.currency,
             case when exists (select 1 from payout_methods m where m.user_id = d.host_id)
                  then 'scheduled' else 'awaiting_details' end,
             ${provider.id}, 'ys-' || d.id || '-1-' || replace(gen_random_uuid()::text, '-', ''),
             ${now}, ${now}, ${now}
      from due d
      where d.amount - least(coalesce(d.refunded_amount, 0), d.amount) > 0
      on conflict (payment_id) do nothing
      returning id`);
    const ids = rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
    await payoutsCreated(tx, notifier, ids);
    return ids;
  });
  if (created.length) log.info({ ids: created }, 'payouts created');
  return created.length;
}

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

// Claims due payouts in one statement (FOR UPDATE SKIP LOCKED: two instances never claim the same
// row), with the host's destination as it is now, only once a changed destination's 48 hours
// have passed. A claim left by a crash (its lease ran out) is taken again: the provider is asked
// for our reference first, so it is never created twice.
async function claim(db: Db, now: Date): Promise<PayoutRow[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    update payouts o set state = 'sending', attempts = o.attempts + 1,
      locked_until = ${new Date(now.getTime() + SEND_LEASE_MS)}, updated_at = ${now},
      destination = m.destination, destination_type = m.type
    from payout_methods m
    where m.user_id = o.host_id and m.active_from <= ${now}
      and o.id in (
        select id from payouts
        where (state = 'scheduled' and coalesce(next_attempt_at, ${now}) <= ${now})
           or (state = 'sending' and locked_until <= ${now})
        order by id limit ${BATCH}
        for update skip locked)
    returning o.id`);
  const ids = rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.select().from(payouts).where(sql`${payouts.id} in ${ids}`);
}

// Sends what is due: each claimed payout is looked up by our reference, created when the provider
// has none, and its state applied. A provider that is down (network, 5xx, 429) is retried with
// backoff; any other refusal, or too many attempts, goes to an operator ('failed'). A provider
// without a payout API hands the payout to an operator to send by hand ('manual').
export async function sendDue(deps: PayoutDeps, now: Date): Promise<number> {
  const { db, provider, notifier, log, maxAttempts = PAYOUT_MAX_ATTEMPTS } = deps;
  await promoteWithDetails(db, now);
  await remindWaiting(deps, now);
  const claimed = await claim(db, now);
  for (const o of claimed) {
    const api = provider.payouts;
    if (!api) {
      await movePayout(db, o.id, 'manual', { lockedUntil: null }, now, ['sending']);
      continue;
    }
    let snap: ProviderPayout;
    try {
      const found = await api.findPayout(o.reference);
      snap =
        found ??
        (await api.createPayout({
          reference: o.reference,
          amountCents: o.amountCents,
          currency: o.currency,
          destination: o.destination!,
          method: o.destinationType ?? 'bitcoin',
        }));
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      const temporary =
        err.status === undefined || err.status >= 500 || err.status === 429 || err.status === 408;
      const giveUp = !temporary || o.attempts >= maxAttempts;
      log.warn(
        { err, payoutId: o.id, attempts: o.attempts },
        giveUp ? 'payout failed' : 'payout retried later',
      );
      await movePayout(
        db,
        o.id,
        giveUp ? 'failed' : 'scheduled',
        {
          lockedUntil: null,
          lastError: err.message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + payoutBackoffMs(o.attempts)),
        },
        now,
        ['sending'],
      );
      continue;
    }
    await db.transaction((tx) => applyProviderPayout(tx, notifier, snap, now, maxAttempts));
  }
  return claimed.length;
}

// The fallback when a webhook is late or lost: payouts in progress not updated for a while are
// read back from the provider.
export async function pollInProgress(deps: PayoutDeps, now: Date): Promise<number> {
  const { db, provider, notifier, log, maxAttempts } = deps;
  if (!provider.payouts) return 0;
  const stale = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.state, 'in_progress'),
        isNotNull(payouts.providerPayoutId),
        lte(payouts.updatedAt, new Date(now.getTime() - POLL_AFTER_MS)),
      ),
    )
    .limit(BATCH);
  let changed = 0;
  for (const o of stale) {
    try {
      const snap = await provider.payouts.getPayout(o.providerPayoutId!);
      const outcome = await db.transaction((tx) => applyProviderPayout(tx, notifier, snap, now, maxAttempts));
      if (outcome !== 'ignored') changed += 1;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn({ err, payoutId: o.id }, 'payout not read back; tried again later');
    }
  }
  return changed;
}
