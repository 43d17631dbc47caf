import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DEFAULT_LOCALE, LOCALES, type Locale, pickLocale } from '#shared/i18n.ts';
import { loadTexts, translateText } from '#shared/texts/index.ts';
import { isDatabaseUnavailable, pgError } from '../db/errors.ts';
import { HttpError } from '../errors.ts';

// The language of the page that made the request (the client sends it as Accept-Language).
export const requestLocale = (request: FastifyRequest): Locale =>
  pickLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE;

// A validation message with the field's path in front ("body.name: ...").
const atPath = (where: string, text: string) => `${where}: ${text}`;

// A 4xx message in the request's language: the known English texts (src/shared/texts), also after
// a field's path; anything else stays English.
export function translateMessage(locale: Locale, message: string): string {
  if (locale === DEFAULT_LOCALE) return message;
  // "name: Full name is required": the path stays, the text after it is translated.
  const m = /^([\w.[\]-]+): (.+)$/s.exec(message);
  if (m) {
    const text = translateText(locale, m[2]);
    if (text !== m[2]) return atPath(m[1], text);
  }
  return translateText(locale, message);
}

// One error shape: { message, code? }. A 5xx never shows what went wrong inside. A 4xx message is
// in the language Accept-Language picks (ADR 031); its code stays.
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    await Promise.all(LOCALES.map(loadTexts));
    // Every 4xx object answer with a message, from this handler or sent by a route itself.
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode < 400 || reply.statusCode >= 500) return payload;
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
      const body = payload as { message?: unknown };
      if (typeof body.message !== 'string') return payload;
      const locale = requestLocale(request);
      if (locale === DEFAULT_LOCALE) return payload;
      return { ...body, message: translateMessage(locale, body.message) };
    });
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof HttpError) {
        return reply
          .status(err.statusCode)
          .send({ message: err.message, ...(err.code ? { code: err.code } : {}) });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const first = err.validation[0];
        const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
        const message = first?.message ?? 'Invalid request';
        return reply.status(400).send({
          message: first && where && !/required/i.test(message) ? atPath(where, message) : message,
          code: 'VALIDATION',
        });
      }
      // A value the database refused as data (class 22: bad encoding, out of range, impossible
      // date; class 54: too long or complex): the request's fault. Its text is not shown.
      const { code } = pgError(err);
      if (code && (code.startsWith('22') || code.startsWith('54'))) {
        request.log.info({ err }, 'database refused a value from the request');
        return reply.status(400).send({
          message: 'The request contains a value that cannot be stored or searched',
          code: 'INVALID_VALUE',
        });
      }
      if (isDatabaseUnavailable(err)) {
        request.log.warn({ err }, 'the database did not answer in time');
        return reply.status(503).header('retry-after', '5').send({
          message: 'The database is not answering. Please try again in a moment.',
          code: 'DATABASE_UNAVAILABLE',
        });
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err }, 'response did not match its schema');
        return reply.status(500).send({ message: 'Internal server error' });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const messages: Record<string, string> = {
          FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
          FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
          FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
          FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
          FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
        };
        const message =
          (err.code && messages[err.code]) ||
          (err.message && !err.message.includes('\n') ? err.message : 'Bad request');
        return reply.status(status).send({ message, ...(err.code ? { code: err.code } : {}) });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ message: 'Internal server error' });
    });
  },
  { name: 'errors' },
);
