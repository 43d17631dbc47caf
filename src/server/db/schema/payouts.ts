import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYOUT_BATCH_STATES, PAYOUT_METHOD_TYPES, PAYOUT_STATES } from '../../../shared/payouts.ts';
import { users } from './accounts.ts';
import { ts } from './columns.ts';
import { payments } from './payments.ts';

// Payouts and the ledger (ADR 032).

const STATES_SQL = sql.raw(PAYOUT_STATES.map((s) => `'${s}'`).join(', '));

// Where a host is paid: one method per user. A change is used only from `active_from` on.
export const payoutMethods = pgTable(
  'payout_methods',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PAYOUT_METHOD_TYPES }).notNull(),
    destination: text('destination').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
    activeFrom: ts('active_from').notNull().defaultNow(),
  },
  (t) => [check('payout_methods_type_check', sql`${t.type} in ('bitcoin', 'lightning', 'usdc')`)],
);

const BATCH_STATES_SQL = sql.raw(PAYOUT_BATCH_STATES.map((s) => `'${s}'`).join(', '));

// What is sent to the provider (ADR 044): one payout per host per run, covering every payment due
// to that host's destination. At most one is open per host (the partial unique index), since BTCPay
// refuses a second payout to a destination that has one not yet completed or cancelled. Our
// reference travels in the provider's metadata and is looked up before creating again.
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: serial('id').primaryKey(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: PAYOUT_BATCH_STATES }).notNull(),
    reference: text('reference').notNull(),
    provider: text('provider').notNull(),
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    destinationType: text('destination_type', { enum: PAYOUT_METHOD_TYPES }).notNull(),
    destination: text('destination').notNull(),
    providerPayoutId: text('provider_payout_id'),
    providerState: text('provider_state'),
    // Since when the provider has reported providerState (a payout waiting there is found by it).
    providerStateSince: ts('provider_state_since'),
    proof: text('proof'),
    proofType: text('proof_type', { enum: ['txid', 'preimage', 'reference'] }),
    // The proof as the provider keeps it, every key (BTCPay's processors write PascalCase).
    proofData: jsonb('proof_data'),
    attempts: integer('attempts').notNull().default(1),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    // Waiting at the provider past PAYOUT_PROVIDER_WAIT_HOURS: since when, and why.
    waitingSince: ts('waiting_since'),
    waitingReason: text('waiting_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('payout_batches_reference_key').on(t.reference),
    uniqueIndex('payout_batches_open_host_key')
      .on(t.hostId)
      .where(sql`${t.state} in ('sending', 'in_progress')`),
    check('payout_batches_state_check', sql`${t.state} in (${BATCH_STATES_SQL})`),
    index('payout_batches_provider_id_idx').on(t.providerPayoutId),
    index('payout_batches_state_idx').on(t.state, t.lockedUntil),
  ],
);

// One payout per payment and part (a month of a stay paid up front, ADR 045; the unique index
// decides between concurrent release runs). It is sent inside a batch (batchId) with the host's
// other payments due at the same time.
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id),
    batchId: integer('batch_id').references(() => payoutBatches.id, { onDelete: 'restrict' }),
    // Which part of the payment's rent (0-based; 0 for a payment paid out at once).
    part: integer('part').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    state: text('state', { enum: PAYOUT_STATES }).notNull(),
    provider: text('provider').notNull(),
    // Our reference, sent in the provider's metadata and looked up before creating again. It
    // changes (`-2`, `-3`...) only when the provider cancelled the previous attempt.
    reference: text('reference').notNull(),
    generation: integer('generation').notNull().default(1),
    destinationType: text('destination_type', { enum: PAYOUT_METHOD_TYPES }),
    destination: text('destination'),
    providerPayoutId: text('provider_payout_id'),
    providerState: text('provider_state'),
    proof: text('proof'),
    proofType: text('proof_type', { enum: ['txid', 'preimage', 'reference'] }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    remindedAt: ts('reminded_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('payouts_payment_part_key').on(t.paymentId, t.part),
    uniqueIndex('payouts_reference_key').on(t.reference),
    check('payouts_state_check', sql`${t.state} in (${STATES_SQL})`),
    check('payouts_amount_check', sql`${t.amountCents} > 0`),
    index('payouts_host_idx').on(t.hostId, t.createdAt.desc()),
    index('payouts_due_idx').on(t.state, t.nextAttemptAt),
    index('payouts_provider_id_idx').on(t.providerPayoutId),
    index('payouts_batch_idx').on(t.batchId),
  ],
);

// Double-entry ledger: every movement of money is one `txn` of entries whose amounts sum to zero,
// written in the transaction of the state change that causes it. Accounts: `cash` (held with the
// provider: positive), `host_payable` (owed to the host: negative), `platform_fees` (earned:
// negative). A movement's `kind` says where money went: a refund's or a payout's cash entry is what
// left the platform.
export const LEDGER_ACCOUNTS = ['cash', 'host_payable', 'platform_fees'] as const;
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The movement: `payment:<id>` (money in), `refund:<id>:<n>`, `payout:<id>`. Unique per account,
    // so a movement is never recorded twice.
    txn: text('txn').notNull(),
    kind: text('kind', { enum: ['payment', 'refund', 'payout'] }).notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    payoutId: integer('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_txn_account_key').on(t.txn, t.account),
    check('ledger_entries_account_check', sql`${t.account} in ('cash', 'host_payable', 'platform_fees')`),
    check('ledger_entries_kind_check', sql`${t.kind} in ('payment', 'refund', 'payout')`),
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
);
