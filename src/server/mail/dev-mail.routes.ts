import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ParsedMail, simpleParser } from 'mailparser';
import { z } from 'zod';
import { errorSchema } from '#shared/errors.ts';
import type { Config } from '../config.ts';
import { sendNoRoute } from '../errors.ts';
import { EML_NAME } from './transport.ts';

// /dev/mail: the e-mails written to files when SMTP_URL is unset, for the person running the app
// on their own machine. It exists only in that mode, and only for a request made on this machine
// (loopback peer, no proxy header, a loopback Host so a rebound DNS name cannot read it); every
// other request gets the ordinary 404. Pages are plain server HTML with every value escaped; a
// message's HTML part is shown from its own route in a sandboxed frame, with no script and no
// remote content.
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;
const LIST_MAX = 200;
const HTML_PART_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

const fileParams = z.object({ file: z.string().regex(EML_NAME, 'Not a mail file name') });
const responses = { 200: z.string(), 400: errorSchema, 404: errorSchema };

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title></head><body>${body}</body></html>\n`;

function isLocal(request: FastifyRequest): boolean {
  const h = request.headers;
  return (
    LOOPBACK.has(request.ip) &&
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    !h['x-forwarded-for'] &&
    !h.forwarded &&
    !h['x-real-ip'] &&
    LOCAL_HOST.test(h.host ?? '')
  );
}

// Newest first: by the time in the name, then by outbox id.
const newestFirst = (a: string, b: string) => {
  const [ta, ia] = [a.slice(0, 24), Number(a.slice(25, -4))];
  const [tb, ib] = [b.slice(0, 24), Number(b.slice(25, -4))];
  return ta === tb ? ib - ia : ta < tb ? 1 : -1;
};

export const devMailRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const dir = config.mail.dir;
  const enabled = !config.mail.smtpUrl;

  app.addHook('onRequest', async (request, reply) => {
    if (enabled && isLocal(request)) return;
    return sendNoRoute(request, reply);
  });

  // The file's bytes, or null when there is no such file.
  const read = (file: string) => fs.readFile(path.join(dir, file)).catch(() => null);
  const notFound = { message: 'No such mail', code: 'NOT_FOUND' };

  app.get('/dev/mail', { schema: { response: responses } }, async (_request, reply) => {
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => EML_NAME.test(n));
    names.sort(newestFirst);
    const shown = names.slice(0, LIST_MAX);
    const rows = await Promise.all(
      shown.map(async (name) => {
        const raw = await read(name);
        const mail = raw ? await simpleParser(raw).catch(() => null) : null;
        return `<tr><td>${esc(mail?.date?.toISOString() ?? '')}</td><td>${esc(addresses(mail?.to))}</td><td><a href="/dev/mail/${name}">${esc(mail?.subject || '(no subject)')}</a></td></tr>`;
      }),
    );
    const body =
      `<h1>E-mail written to files</h1><p>SMTP_URL is not set, so e-mails are written to ${esc(dir)} instead of being sent. ` +
      `${names.length} message(s)${names.length > LIST_MAX ? `, the newest ${LIST_MAX} shown` : ''}.</p>` +
      (rows.length
        ? `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
        : '<p>No e-mail yet.</p>');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Mail', body));
  });

  app.get(
    '/dev/mail/:file',
    { schema: { params: fileParams, response: responses } },
    async (request, reply) => {
      const { file } = request.params;
      const raw = await read(file);
      if (!raw) return reply.status(404).send(notFound);
      const mail = await simpleParser(raw);
      const body =
        `<p><a href="/dev/mail">All mail</a> · <a href="/dev/mail/${file}/raw" download="${file}">Download .eml</a></p>` +
        `<h1>${esc(mail.subject || '(no subject)')}</h1>` +
        `<h2>Headers</h2><pre>${esc(mail.headerLines.map((h) => h.line).join('\n'))}</pre>` +
        '<h2>HTML part</h2>' +
        (mail.html
          ? `<iframe src="/dev/mail/${file}/html" title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" width="100%" height="640"></iframe>`
          : '<p>(none)</p>') +
        `<h2>Text part</h2><pre>${esc(mail.text ?? '(none)')}</pre>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(mail.subject || 'Mail', body));
    },
  );

  // The HTML part alone, under a CSP sandbox: no script, no form, nothing loaded from outside.
  // Links open in a new tab.
  app.get(
    '/dev/mail/:file/html',
    { schema: { params: fileParams, response: responses } },
    async (request, reply) => {
      const raw = await read(request.params.file);
      const html = raw ? (await simpleParser(raw)).html : false;
      if (!html) return reply.status(404).send(notFound);
      const base = '<base target="_blank">';
      const withBase = /<head[^>]*>/i.test(html)
        ? html.replace(/<head[^>]*>/i, (m) => m + base)
        : base + html;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', HTML_PART_CSP)
        .header('cache-control', 'no-store')
        .send(withBase);
    },
  );

  const rawResponses = { ...responses, 200: z.instanceof(Buffer) };
  app.get(
    '/dev/mail/:file/raw',
    { schema: { params: fileParams, response: rawResponses } },
    async (request, reply) => {
      const raw = await read(request.params.file);
      if (!raw) return reply.status(404).send(notFound);
      return reply
        .type('message/rfc822')
        .header('content-disposition', `attachment; filename="${request.params.file}"`)
        .header('cache-control', 'no-store')
        .send(raw);
    },
  );
};

function addresses(to: ParsedMail['to']): string {
  if (!to) return '';
  return [to]
    .flat()
    .map((a) => a.text)
    .join(', ');
}
