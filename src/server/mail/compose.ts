import { appOrigin, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Lang, mailLang } from './lang.ts';
import type { OutgoingMail } from './outbox.ts';
import { appSecret, signUnsubscribe } from './secrets.ts';
import { type EmailContent, renderEmail } from './templates.tsx';

export const UNSUBSCRIBE_SECRET = 'unsubscribe';

// A mail to a user, ready for enqueueMail: rendered HTML and text, and a one-click unsubscribe
// (RFC 8058) in the headers and the footer. A notification's link turns off e-mail for its kind;
// an account mail's (verification, password reset) turns off every notification e-mail.
export async function composeUserMail(
  db: Db,
  config: Config,
  input: {
    userId: number;
    to: string;
    kind: string;
    subject: string;
    content: Omit<EmailContent, 'unsubscribeUrl'>;
    // The unsubscribe scope: the notification kind, or 'all'.
    unsubscribe: string;
    // The recipient's language: the layout's words and the unsubscribe page's URL (English if none).
    lang?: Lang;
  },
): Promise<OutgoingMail> {
  const origin = appOrigin(config);
  const token = signUnsubscribe(await appSecret(db, UNSUBSCRIBE_SECRET), input.userId, input.unsubscribe);
  const lang = input.lang ?? mailLang('en');
  const unsubscribeUrl = lang.url(origin, `/unsubscribe?token=${encodeURIComponent(token)}`);
  const { html, text } = renderEmail({ ...input.content, unsubscribeUrl }, lang);
  return {
    to: input.to,
    subject: input.subject,
    html,
    text,
    userId: input.userId,
    kind: input.kind,
    headers: {
      'List-Unsubscribe': `<${origin}/api/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
