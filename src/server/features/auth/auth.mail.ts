import { RESET_TOKEN_HOURS, VERIFY_TOKEN_HOURS } from '#shared/account.ts';
import { safeNextPath } from '#shared/return-path.ts';
import { appOrigin, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { composeUserMail } from '../../mail/compose.ts';
import { mailLang } from '../../mail/lang.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';

// The e-mails of the one-time links (tokens.ts). Each carries the unsubscribe-from-everything
// link ('all').

// The recipient; `language` is theirs (users.language), English when not known.
type To = { userId: number; to: string; name: string; language?: string | null };

export function verifyEmailMail(
  db: Db,
  config: Config,
  to: To,
  token: string,
  change: boolean,
  next?: string,
): Promise<OutgoingMail> {
  const lang = mailLang(to.language);
  const { t } = lang;
  // The page the account was registered from, if it is a path on this site (checked again here).
  const back = safeNextPath(next);
  const query = `token=${encodeURIComponent(token)}${back ? `&next=${encodeURIComponent(back)}` : ''}`;
  const url = lang.url(appOrigin(config), `/verify-email?${query}`);
  return composeUserMail(db, config, {
    userId: to.userId,
    to: to.to,
    kind: 'verify_email',
    subject: t.verify.subject,
    unsubscribe: 'all',
    lang,
    content: {
      preheader: t.verify.preheader,
      heading: t.verify.heading,
      paragraphs: [
        t.hello(to.name),
        change ? t.verify.change : t.verify.welcome,
        t.verify.validity(t.validHours(VERIFY_TOKEN_HOURS)),
      ],
      action: { label: t.verify.action, url },
      footer: change ? t.verify.footerChange : t.verify.footerNew,
    },
  });
}

export function resetPasswordMail(db: Db, config: Config, to: To, token: string): Promise<OutgoingMail> {
  const lang = mailLang(to.language);
  const { t } = lang;
  const url = lang.url(appOrigin(config), `/reset-password?token=${encodeURIComponent(token)}`);
  return composeUserMail(db, config, {
    userId: to.userId,
    to: to.to,
    kind: 'reset_password',
    subject: t.reset.subject,
    unsubscribe: 'all',
    lang,
    content: {
      preheader: t.reset.preheader(t.validHours(RESET_TOKEN_HOURS)),
      heading: t.reset.heading,
      paragraphs: [t.hello(to.name), t.reset.body, t.reset.validity(t.validHours(RESET_TOKEN_HOURS))],
      action: { label: t.reset.action, url },
      footer: t.reset.footer,
    },
  });
}
