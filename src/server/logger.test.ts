import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, serializeError } from './logger.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { testConfig } from './testing/test-app.ts';

const HASH = 'scrypt$17$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

// A failed insert as Drizzle reports it: the query, its parameters and the driver's error.
function failedInsert(code: string) {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code,
    detail: `Failing row contains (alice, ${HASH}).`,
  });
  return new DrizzleQueryError(
    'insert into "users" ("username", "password_hash") values ($1, $2)',
    ['alice\u0000', HASH],
    cause,
  );
}

async function appLoggingTo(lines: string[]) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions(testConfig({ LOG_LEVEL: 'info' }), stream) });
  await app.register(errorsPlugin);
  app.post('/bad-value', async () => {
    throw failedInsert('22021');
  });
  app.post('/broken', async () => {
    throw failedInsert('XX000');
  });
  return app;
}

describe('the server log', () => {
  it('never carries the values of a failed query, in its message, fields, stack or cause', () => {
    const out = JSON.stringify(serializeError(failedInsert('22021')));
    expect(out).not.toContain(HASH);
    expect(out).not.toContain('alice');
    expect(out).toContain('params: [redacted]');
    expect(out).toContain('insert into \\"users\\"');
    expect(out).toContain('22021');
  });

  it('a request that hits a database value error gets a 400 without the database text; the log keeps no secret', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines);
    const res = await app.inject({
      method: 'POST',
      url: '/bad-value',
      headers: { cookie: 'ys_session=tok' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request contains a value that cannot be stored or searched',
      code: 'INVALID_VALUE',
    });
    const broken = await app.inject({ method: 'POST', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ message: 'Internal server error' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).not.toContain(HASH);
    expect(log).not.toContain('Failing row');
    expect(log).not.toContain('ys_session=tok');
  });
});
