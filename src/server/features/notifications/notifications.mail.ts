import { MESSAGE_MAIL_DELAY_MS, NOTIFICATION_KINDS, type NotificationKind } from '#shared/notifications.ts';
import { appOrigin, type Config } from '../../config.ts';
import { clip, displayName } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { composeUserMail, UNSUBSCRIBE_SECRET } from '../../mail/compose.ts';
import { type Lang, mailLang } from '../../mail/lang.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { appSecret, verifyUnsubscribe } from '../../mail/secrets.ts';
import { claimUnmailedMessages } from '../messages/queries.ts';
import { userExists, userLanguage } from '../users/queries.ts';
import type { NotificationsService } from './notifications.service.ts';
import { recipients } from './recipients.ts';

// How much of each message a batched e-mail quotes.
const QUOTED_MESSAGES = 10;
const QUOTE_CHARS = 300;

// The message-mail job: every message still unread MESSAGE_MAIL_DELAY_MS after it was sent, and not
// mailed yet, is claimed in one guarded UPDATE (so concurrent runs and reruns claim each message
// once), and each conversation gets one e-mail listing its messages, in the same transaction.
// Recipients whose 'message' preference is off keep their messages claimed, unmailed.
export async function mailUnreadMessages(db: Db, config: Config, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MESSAGE_MAIL_DELAY_MS);
  return db.transaction(async (tx) => {
    const claimed = await claimUnmailedMessages(tx, cutoff, now);
    if (!claimed.length) return 0;
    const byId = await recipients(
      tx,
      claimed.flatMap((m) => [m.from, m.to]),
      'message',
    );
    const conversations = new Map<string, typeof claimed>();
    for (const m of claimed.sort((a, b) => a.id - b.id)) {
      const key = `${m.to}:${m.from}`;
      conversations.set(key, [...(conversations.get(key) ?? []), m]);
    }
    const origin = appOrigin(config);
    let sent = 0;
    for (const list of conversations.values()) {
      const to = byId.get(list[0].to);
      const from = byId.get(list[0].from);
      if (!to || !from || to.deletedAt) continue;
      if (!to.wantsEmail) continue;
      const name = displayName(from);
      const n = list.length;
      // In the recipient's language (ADR 031).
      const lang = mailLang(to.language);
      const { t } = lang;
      const quoted = list.slice(-QUOTED_MESSAGES).map((m) => t.quote(clip(m.content, QUOTE_CHARS)));
      const earlier = n - quoted.length;
      const mail = await composeUserMail(tx, config, {
        userId: to.id,
        to: to.email,
        kind: 'message',
        subject: t.messagesSubject(name, n),
        content: {
          preheader: clip(list[list.length - 1].content, 120),
          heading: t.messagesHeading(name, n),
          paragraphs: [...(earlier ? [t.earlierMessages(earlier)] : []), ...quoted],
          action: { label: t.replyTo(name), url: lang.url(origin, `/messages/${from.id}`) },
          footer: t.notificationFooter,
        },
        unsubscribe: 'message',
        lang,
      });
      await enqueueMail(tx, mail);
      sent += 1;
    }
    return sent;
  });
}

type Target = { userId: number; kind: NotificationKind | 'all'; lang: Lang };

// What the link turns off, in the words of the link's user's language.
const scopeOf = ({ t }: Lang, kind: NotificationKind | 'all') =>
  kind === 'all' ? t.unsubscribeAll : t.unsubscribeKind(t.kinds[kind]);

// Unsubscribe links (RFC 8058): the signed token names the user and the kind ('all' for every
// kind). No session: the token is the authority.
export class Unsubscribe {
  private db: Db;
  private notifications: NotificationsService;
  constructor(db: Db, notifications: NotificationsService) {
    this.db = db;
    this.notifications = notifications;
  }

  // The links' signing secret, made once at start, outside any event's transaction (mails are
  // composed inside them).
  async prepare(): Promise<void> {
    await appSecret(this.db, UNSUBSCRIBE_SECRET);
  }

  private async target(token: string): Promise<Target> {
    const v = verifyUnsubscribe(await appSecret(this.db, UNSUBSCRIBE_SECRET), token);
    const kind = v?.kind;
    if (!v || (kind !== 'all' && !NOTIFICATION_KINDS.includes(kind as NotificationKind)))
      throw badRequest('This unsubscribe link is not valid', 'BAD_TOKEN');
    const language = await userLanguage(this.db, v.userId);
    return { userId: v.userId, kind: kind as Target['kind'], lang: mailLang(language) };
  }

  // What the link would do (a GET changes nothing), in the language of the link's user.
  async describe(token: string): Promise<{ kind: Target['kind']; message: string }> {
    const t = await this.target(token);
    return { kind: t.kind, message: t.lang.t.unsubscribeDescribe(scopeOf(t.lang, t.kind)) };
  }

  // Turns e-mail off for the kind, or for every kind. Doing it again changes nothing.
  async apply(token: string): Promise<{ kind: Target['kind']; message: string }> {
    const t = await this.target(token);
    const kinds = t.kind === 'all' ? NOTIFICATION_KINDS : [t.kind];
    if (await userExists(this.db, t.userId))
      await this.notifications.setEmail(
        this.db,
        t.userId,
        kinds.map((kind) => ({ kind, email: false })),
      );
    return {
      kind: t.kind,
      message: t.lang.t.unsubscribeDone(scopeOf(t.lang, t.kind)),
    };
  }
}
