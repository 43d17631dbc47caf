import { eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  // Extra headers, e.g. List-Unsubscribe.
  headers?: Record<string, string>;
  userId?: number | null;
  // The notification kind, or the account mail ('verify_email', 'reset_password', 'contact', ...).
  kind: string;
};

// Senders LISTEN here; a NOTIFY is delivered when the transaction that wrote the mail commits.
export const MAIL_CHANNEL = 'ys_mail';

// Writes a mail to the outbox. Call it with the transaction of the event that causes the mail, so
// the mail exists exactly when the event does (ADR 021). The NOTIFY in the same transaction wakes
// the senders on commit (none on rollback); the job runner is the safety net.
export async function enqueueMail(tx: Pick<Db, 'insert' | 'execute'>, mail: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers ?? {},
      userId: mail.userId ?? null,
      kind: mail.kind,
    })
    .returning({ id: mailOutbox.id });
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  return row.id;
}

// The marketplace figures' rows of the outbox (k, l, v: kind, label, value; ops/marketplace.ts):
// e-mails waiting or given up on, by status, and the waiting ones whose last attempt failed.
export const outboxFigures = sql`select 'mail' as k, status as l, count(*)::float8 as v from mail_outbox
    where status in ('pending', 'failed') group by status
  union all select 'mail_retrying', '', count(*)::float8 from mail_outbox where status = 'pending' and last_error is not null`;

// A deleted account's e-mails (ADR 022): those to the user, or to their address, are not sent.
export async function forgetMailTo(tx: Tx, userId: number, email: string): Promise<void> {
  await tx
    .delete(mailOutbox)
    .where(or(eq(mailOutbox.userId, userId), sql`lower(${mailOutbox.toAddress}) = lower(${email})`));
}
