import { PRODUCT_NAME } from '#shared/constants.ts';
import { appOrigin, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { composeUserMail } from '../../mail/compose.ts';
import { mailLang } from '../../mail/lang.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { renderEmail } from '../../mail/templates.tsx';

// The account e-mails. The e-mail change notice carries the unsubscribe-from-everything link
// ('all'); the contact form's mail goes to support and has none. The verification and reset
// e-mails are the auth feature's (auth/auth.mail.ts).

// The recipient; `language` is theirs (users.language), English when not known.
type To = { userId: number; to: string; name: string; language?: string | null };

// Sent to the current address when a change to another one is requested.
export function emailChangeNoticeMail(
  db: Db,
  config: Config,
  to: To,
  newEmail: string,
): Promise<OutgoingMail> {
  const lang = mailLang(to.language);
  const { t } = lang;
  return composeUserMail(db, config, {
    userId: to.userId,
    to: to.to,
    kind: 'email_change',
    subject: t.emailChange.subject,
    unsubscribe: 'all',
    lang,
    content: {
      preheader: t.emailChange.preheader,
      heading: t.emailChange.heading,
      paragraphs: [t.hello(to.name), t.emailChange.body(maskEmail(newEmail)), t.emailChange.notYou],
      action: { label: t.emailChange.action, url: lang.url(appOrigin(config), '/auth') },
      footer: t.emailChange.footer,
    },
  });
}

// The contact form's message, to support. Replying answers the sender.
export function contactMail(
  config: Config,
  input: { name: string; email: string; subject: string; message: string },
  userId: number | null,
): OutgoingMail {
  const { html, text } = renderEmail({
    preheader: input.message.slice(0, 120),
    heading: input.subject,
    paragraphs: [
      `From: ${input.name} <${input.email}>${userId ? ` (member #${userId})` : ' (not signed in)'}`,
      input.message,
    ],
    footer: `Sent through the contact form of ${PRODUCT_NAME}. Reply to this e-mail to answer the sender.`,
  });
  return {
    to: config.mail.supportEmail,
    subject: `Contact form: ${input.subject}`,
    html,
    text,
    headers: { 'Reply-To': input.email },
    userId,
    kind: 'contact',
  };
}

// "ann@example.com" -> "a**@example.com": enough to recognise, not to harvest.
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  return `${local[0]}${'*'.repeat(Math.min(Math.max(local.length - 1, 2), 6))}${email.slice(at)}`;
}
