import { RESET_TOKEN_HOURS, VERIFY_TOKEN_HOURS } from '#shared/account.ts';
import { PRODUCT_NAME } from '#shared/constants.ts';
import { appOrigin, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { composeUserMail } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { renderEmail } from '../../mail/templates.tsx';

// The account e-mails. Each carries the unsubscribe-from-everything link ('all'); the contact form's
// mail goes to support and has none.

type To = { userId: number; to: string; name: string };

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

export function verifyEmailMail(
  db: Db,
  config: Config,
  to: To,
  token: string,
  change: boolean,
): Promise<OutgoingMail> {
  const url = `${appOrigin(config)}/verify-email?token=${encodeURIComponent(token)}`;
  return composeUserMail(db, config, {
    userId: to.userId,
    to: to.to,
    kind: 'verify_email',
    subject: 'Confirm your e-mail address',
    unsubscribe: 'all',
    content: {
      preheader: `One click to confirm the address of your ${PRODUCT_NAME} account.`,
      heading: 'Confirm your e-mail address',
      paragraphs: [
        `Hello ${to.name},`,
        change
          ? `You asked to use this address for your ${PRODUCT_NAME} account. Your account keeps its current address until you confirm this one.`
          : `Welcome to ${PRODUCT_NAME}! Please confirm that this address is yours. Until then you can browse and send messages, but you cannot publish a listing or take payments.`,
        `The link works once and is valid for ${hours(VERIFY_TOKEN_HOURS)}.`,
      ],
      action: { label: 'Confirm my address', url },
      footer: change
        ? `You get this e-mail because someone asked to use this address for a ${PRODUCT_NAME} account. If it was not you, ignore it.`
        : `You get this e-mail because a ${PRODUCT_NAME} account was registered with this address. If it was not you, ignore it.`,
    },
  });
}

// Sent to the current address when a change to another one is requested.
export function emailChangeNoticeMail(
  db: Db,
  config: Config,
  to: To,
  newEmail: string,
): Promise<OutgoingMail> {
  return composeUserMail(db, config, {
    userId: to.userId,
    to: to.to,
    kind: 'email_change',
    subject: 'A change of your e-mail address was requested',
    unsubscribe: 'all',
    content: {
      preheader: 'Your account keeps this address until the new one is confirmed.',
      heading: 'A change of your e-mail address was requested',
      paragraphs: [
        `Hello ${to.name},`,
        `Someone signed in to your ${PRODUCT_NAME} account asked to change its e-mail address to ${maskEmail(newEmail)}. The change happens only once the link sent to that address is opened.`,
        'If this was not you, sign in and change your password now.',
      ],
      action: { label: `Sign in to ${PRODUCT_NAME}`, url: `${appOrigin(config)}/auth` },
      footer: `You get this e-mail because it is the address of your ${PRODUCT_NAME} account.`,
    },
  });
}

export function resetPasswordMail(db: Db, config: Config, to: To, token: string): Promise<OutgoingMail> {
  const url = `${appOrigin(config)}/reset-password?token=${encodeURIComponent(token)}`;
  return composeUserMail(db, config, {
    userId: to.userId,
    to: to.to,
    kind: 'reset_password',
    subject: 'Choose a new password',
    unsubscribe: 'all',
    content: {
      preheader: `A link to choose a new password for ${PRODUCT_NAME}, valid for ${hours(RESET_TOKEN_HOURS)}.`,
      heading: 'Choose a new password',
      paragraphs: [
        `Hello ${to.name},`,
        `Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new one with the button below: it signs you out everywhere else.`,
        `The link works once and is valid for ${hours(RESET_TOKEN_HOURS)}. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
      ],
      action: { label: 'Choose a new password', url },
      footer: `You get this e-mail because a new password was requested for the ${PRODUCT_NAME} account with this address.`,
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
