import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { inSpan } from '../core/spans.ts';
import type { DbHandle } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { MAIL_CHANNEL } from './outbox.ts';
import type { MailTransport, OutboxRow } from './transport.ts';

const BATCH = 20;
// At most this many batches per run, so one job run stays bounded.
const MAX_BATCHES = 10;
const LEASE_MS = 2 * 60_000;
const GIVE_UP_MS = 24 * 3_600_000;

// 30 s, 1 min, 2 min, 4 min ... capped at 1 h, after the nth attempt.
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

// A 5xx answer refuses this message for good, except an authentication failure, which is the
// server's settings and is retried until they are fixed. Anything else (4xx, a refused
// connection, a timeout, a reset) is temporary.
export function isPermanent(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown } | null;
  const status = typeof e?.responseCode === 'number' ? e.responseCode : 0;
  return status >= 500 && status < 600 && e?.code !== 'EAUTH';
}

type Outcome = 'sent' | 'retry' | 'failed';

// Sends the outbox (ADR 021). An instance sends a row only after leasing it in one guarded UPDATE
// (FOR UPDATE SKIP LOCKED, locked_until), so several instances never send one row at the same
// time, and a row leased by a process that died is taken again when the lease ends. Sending is at
// least once: a crash between the hand-over and the 'sent' update resends the same Message-ID.
export class MailDelivery {
  private handle: DbHandle;
  private transport: MailTransport;
  private config: Config;
  private log: FastifyBaseLogger;
  private running: Promise<void> | null = null;
  private again = false;
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  constructor(handle: DbHandle, transport: MailTransport, config: Config, log: FastifyBaseLogger) {
    this.handle = handle;
    this.transport = transport;
    this.config = config;
    this.log = log;
  }

  // Sends every row due at `now` that this instance can lease.
  async deliverDue(now = new Date()): Promise<Record<Outcome, number>> {
    const counts: Record<Outcome, number> = { sent: 0, retry: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const rows = await this.lease(now);
      for (const row of rows) counts[await this.deliver(row, now)] += 1;
      if (rows.length < BATCH) break;
    }
    return counts;
  }

  private lease(now: Date): Promise<OutboxRow[]> {
    const db = this.handle.db;
    // `now` is to the millisecond and the database's times to the microsecond: a mail written in
    // the same millisecond as `now` (a run woken by its commit) is due too.
    const nowEnd = new Date(now.getTime() + 1);
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lt(mailOutbox.nextAttemptAt, nowEnd),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async deliver(row: OutboxRow, now: Date): Promise<Outcome> {
    const db = this.handle.db;
    try {
      await inSpan('mail.send', { 'mail.transport': this.transport.mode }, () => this.transport.send(row));
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const fail = isPermanent(err) || now.getTime() - row.createdAt.getTime() >= GIVE_UP_MS;
      await db
        .update(mailOutbox)
        .set(
          fail
            ? { status: 'failed', lockedUntil: null, lastError }
            : {
                nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
                lockedUntil: null,
                lastError,
              },
        )
        .where(eq(mailOutbox.id, row.id));
      this.log[fail ? 'error' : 'warn'](
        { outboxId: row.id, attempts: row.attempts, err: lastError },
        fail ? 'mail failed for good' : 'mail delayed, will retry',
      );
      return fail ? 'failed' : 'retry';
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    return 'sent';
  }

  // Runs deliverDue now, or once more after the current run: never two runs at once here.
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.deliverDue().catch((err) => this.log.error({ err }, 'mail delivery run failed'));
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
  }

  // The live path: a NOTIFY from a committed enqueueMail kicks a run on every instance (the lease
  // picks the sender). Tests call deliverDue(now) themselves and start this only to test it.
  async start(): Promise<void> {
    if (this.listening || this.closed) return;
    if (this.config.env === 'production' && this.transport.mode === 'file')
      this.log.warn(`SMTP_URL is not set: e-mails are only written to ${this.config.mail.dir}`);
    this.listening = this.handle.listen(MAIL_CHANNEL, () => this.kick());
    this.listening.catch(() => {
      this.listening = null;
    });
    await this.listening;
    this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    const unlisten = await this.listening?.catch(() => null);
    await unlisten?.().catch(() => {});
    await this.running;
    this.transport.close();
  }
}
