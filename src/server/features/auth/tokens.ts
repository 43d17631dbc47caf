import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RESET_TOKEN_HOURS, VERIFY_TOKEN_HOURS } from '#shared/account.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { resetPasswordMail, verifyEmailMail } from './auth.mail.ts';
import { hashToken, type TokenPurpose } from './token-hash.ts';

export { hashToken, type TokenPurpose } from './token-hash.ts';

export const TOKEN_EXPIRED = 'This link has expired. Ask for a new one.';
export const TOKEN_INVALID = 'This link is not valid any more. Ask for a new one.';

// Every unused link of that purpose of the user stops working.
export async function voidTokens(tx: Tx, userId: number, purpose: TokenPurpose): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

// A new single-use link for the user; every older unused link of the same purpose stops working.
export async function issueToken(
  tx: Tx,
  userId: number,
  purpose: TokenPurpose,
  email: string,
  opts: { dryRun?: boolean } = {},
): Promise<string> {
  await voidTokens(tx, userId, purpose);
  const token = randomBytes(32).toString('base64url');
  const hours = purpose === 'verify_email' ? VERIFY_TOKEN_HOURS : RESET_TOKEN_HOURS;
  if (opts.dryRun) {
    await tx.execute(sql`select ${hashToken(token)}, now() + make_interval(hours => ${hours})`);
    return token;
  }
  await tx.insert(accountTokens).values({
    id: hashToken(token),
    userId,
    purpose,
    email,
    expiresAt: sql`now() + make_interval(hours => ${hours})`,
  });
  return token;
}

// Uses a link: one guarded UPDATE, so of parallel requests with one token exactly one gets the row.
// The caller's transaction decides whether the use sticks (a later refusal rolls it back).
export async function consumeToken(
  tx: Tx,
  token: string,
  purpose: TokenPurpose,
): Promise<{ userId: number; email: string | null }> {
  const id = hashToken(token);
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.id, id),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        sql`${accountTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  if (row) return row;
  throw await tokenRefusal(tx, token, purpose);
}

// Why a link cannot be used: expired (and never used) or anything else (used, replaced, unknown).
export async function tokenRefusal(tx: Pick<Db, 'select'>, token: string, purpose: TokenPurpose) {
  const [row] = await tx
    .select({ usedAt: accountTokens.usedAt, expired: sql<boolean>`${accountTokens.expiresAt} <= now()` })
    .from(accountTokens)
    .where(and(eq(accountTokens.id, hashToken(token)), eq(accountTokens.purpose, purpose)));
  return row && !row.usedAt && row.expired
    ? badRequest(TOKEN_EXPIRED, 'TOKEN_EXPIRED')
    : badRequest(TOKEN_INVALID, 'TOKEN_INVALID');
}

// A verification link for `email` (the account's address, or the new one of an e-mail change),
// written to the outbox in the caller's transaction. `next`: where the confirmed page leads.
export async function sendVerification(
  tx: Tx,
  config: Config,
  user: { id: number; name: string; language?: string | null },
  email: string,
  change: boolean,
  next?: string,
): Promise<void> {
  const token = await issueToken(tx, user.id, 'verify_email', email);
  await enqueueMail(
    tx,
    await verifyEmailMail(
      tx,
      config,
      { userId: user.id, to: email, name: user.name, language: user.language },
      token,
      change,
      next,
    ),
  );
}

// A reset link for a live account. For an address no account uses (user null), the same statements
// and rendering run without writing anything, so both answers take about the same time.
export async function sendReset(
  tx: Tx,
  config: Config,
  user: { id: number; name: string; email: string; language?: string | null } | null,
  email: string,
): Promise<void> {
  const to = user ?? { id: 0, name: email, email };
  const token = user
    ? await issueToken(tx, to.id, 'reset_password', to.email)
    : await issueToken(tx, 0, 'reset_password', to.email, { dryRun: true });
  const mail = await resetPasswordMail(
    tx,
    config,
    { userId: to.id, to: to.email, name: to.name, language: user?.language },
    token,
  );
  if (user) await enqueueMail(tx, mail);
}
