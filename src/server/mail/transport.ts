import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { appOrigin, type Config } from '../config.ts';
import type { mailOutbox } from '../db/schema.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

// How an outbox row leaves: over SMTP when SMTP_URL is set, else as a whole RFC 822 message in
// <mail.dir>/<ISO time>-<outbox id>.eml (colons as dashes). A send either resolves (handed over)
// or throws nodemailer's error, whose responseCode tells a refusal (5xx) from a delay (4xx).
export type MailTransport = {
  mode: 'smtp' | 'file';
  send(row: OutboxRow): Promise<void>;
  close(): void;
};

// The name of a written message, and nothing else (no path can be smuggled through it).
export const EML_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-\d{1,19}\.eml$/;

// The same on every resend of a row, so a receiver can drop a duplicate.
export const outboxMessageId = (config: Config, id: number) =>
  `<outbox-${id}@${new URL(appOrigin(config)).hostname}>`;

function message(config: Config, row: OutboxRow) {
  return {
    from: config.mail.from,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers,
    messageId: outboxMessageId(config, row.id),
  };
}

export function createMailTransport(config: Config): MailTransport {
  if (config.mail.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      mode: 'smtp',
      async send(row) {
        await smtp.sendMail(message(config, row));
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = config.mail.dir;
  return {
    mode: 'file',
    async send(row) {
      const info = await stream.sendMail(message(config, row));
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${row.id}.eml`;
      // Written aside, then renamed: a reader never sees half a message.
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(tmp, info.message as Buffer);
      await fs.rename(tmp, path.join(dir, name));
    },
    close: () => stream.close(),
  };
}
