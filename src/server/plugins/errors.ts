import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, pgError } from '../db/errors.ts';
import { HttpError } from '../errors.ts';

// One error shape: { message, code? }. A 5xx never shows what went wrong inside.
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof HttpError) {
        return reply
          .status(err.statusCode)
          .send({ message: err.message, ...(err.code ? { code: err.code } : {}) });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const first = err.validation[0];
        const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
        const message = first
          ? where && !/required/i.test(first.message ?? '')
            ? `${where}: ${first.message}`
            : (first.message ?? 'Invalid request')
          : 'Invalid request';
        return reply.status(400).send({ message, code: 'VALIDATION' });
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
