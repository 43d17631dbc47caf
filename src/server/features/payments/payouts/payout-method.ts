import { eq } from 'drizzle-orm';
import {
  PAYOUT_METHOD_HOLD_HOURS,
  PAYOUT_METHODS_OF,
  type PayoutMethod,
  type PutPayoutMethodInput,
} from '#shared/payouts.ts';
import { appOrigin, type Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { payoutMethods } from '../../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../../errors.ts';
import { composeUserMail } from '../../../mail/compose.ts';
import { mailLang } from '../../../mail/lang.ts';
import { enqueueMail } from '../../../mail/outbox.ts';
import { writeAudit } from '../../admin/queries.ts';
import { checkPasswordAgain, RateCounter } from '../../auth/index.ts';
import { userById } from '../../users/queries.ts';
import { checkDestination } from './destination.ts';

// Where a host is paid (ADR 032). Changing it needs the current password (a wrong one is a 403,
// counted like a failed login: auth/password-check.ts), mails the account's address, writes the
// audit log, and a changed destination is used only 48 hours later.

const HOLD_MS = PAYOUT_METHOD_HOLD_HOURS * 3_600_000;
type Row = typeof payoutMethods.$inferSelect;

const toView = (m: Row): PayoutMethod => ({
  type: m.type,
  destination: m.destination,
  changedAt: m.changedAt.toISOString(),
  activeFrom: m.activeFrom.toISOString(),
});

// "bc1qxy2k…0wlh": enough to recognise, not enough to copy.
export const maskDestination = (d: string) => (d.length > 14 ? `${d.slice(0, 8)}…${d.slice(-4)}` : d);

export class PayoutMethods {
  private db: Db;
  private config: Config;
  private rates: RateCounter;

  constructor(db: Db, config: Config) {
    this.db = db;
    this.config = config;
    this.rates = new RateCounter(db);
  }

  async get(userId: number): Promise<PayoutMethod> {
    const [m] = await this.db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
    if (!m) throw notFound('You have not added a payout method yet', 'NO_PAYOUT_METHOD');
    return toView(m);
  }

  async put(
    userId: number,
    input: PutPayoutMethodInput,
    ip: string,
    now = new Date(),
  ): Promise<PayoutMethod> {
    const accepted: readonly string[] = PAYOUT_METHODS_OF[this.config.payments.provider];
    if (!accepted.includes(input.type))
      throw badRequest(
        `This marketplace pays hosts by ${accepted.join(' or ')}, not ${input.type}`,
        'METHOD_NOT_OFFERED',
      );
    const destination = checkDestination(input.type, input.destination, this.config.payments.bitcoinNetwork);
    const user = await userById(this.db, userId);
    if (!user) throw notFound('Account not found', 'NOT_FOUND');
    const wrong = forbidden('Your password is not correct', 'WRONG_PASSWORD');
    await checkPasswordAgain(this.rates, this.config.limits, user, input.password, ip, wrong);

    // The mail is composed before the transaction (it reads the unsubscribe key through the pool).
    const lang = mailLang(user.language);
    const t = lang.t.payoutMethod;
    const [seen] = await this.db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
    const mail = await composeUserMail(this.db, this.config, {
      userId,
      to: user.email,
      kind: 'payout_method',
      subject: t.subject,
      unsubscribe: 'all',
      lang,
      content: {
        preheader: t.preheader,
        heading: t.subject,
        paragraphs: [
          lang.t.hello(user.name || user.username),
          t.body(maskDestination(destination)),
          seen ? t.hold(PAYOUT_METHOD_HOLD_HOURS) : t.firstOne,
          t.notYou,
        ],
        action: { label: t.action, url: lang.url(appOrigin(this.config), '/earnings') },
        footer: t.footer,
      },
    });
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, userId))
        .for('update');
      if (before && before.type === input.type && before.destination === destination) return before;
      // The first destination is used at once; a change waits 48 hours.
      const activeFrom = before ? new Date(now.getTime() + HOLD_MS) : now;
      const [saved] = await tx
        .insert(payoutMethods)
        .values({ userId, type: input.type, destination, changedAt: now, activeFrom })
        .onConflictDoUpdate({
          target: payoutMethods.userId,
          set: { type: input.type, destination, changedAt: now, activeFrom },
        })
        .returning();
      await writeAudit(
        tx,
        { id: userId, username: user.username, name: user.name },
        before ? 'payout_method_changed' : 'payout_method_added',
        'user',
        userId,
        'Changed by the account holder with their password',
        {
          type: input.type,
          destination: maskDestination(destination),
          previous: before ? maskDestination(before.destination) : null,
          activeFrom: activeFrom.toISOString(),
        },
      );
      await enqueueMail(tx, mail);
      return saved;
    });
    return toView(row);
  }
}
