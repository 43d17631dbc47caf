import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app.ts';
import { signal, waitFor } from '../testing/wait.ts';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const { app, db } = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream });
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('health for orchestrators', () => {
  it('/livez answers 200 with no dependency; /readyz 200 when ready; /api/health unchanged', async () => {
    expect((await get('/livez')).statusCode).toBe(200);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
    expect((await get('/api/health')).json()).toEqual({ ok: true, database: 'ok' });
  });

  it('/readyz answers 503 while the instance drains; /livez stays 200', async () => {
    app.ops.draining = true;
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'This instance is shutting down.' });
      expect((await get('/livez')).statusCode).toBe(200);
    } finally {
      app.ops.draining = false;
    }
  });

  it('/readyz answers 503 when the database does not answer within 2 s, 200 once it does', async () => {
    // A transaction holds the migrations table (and, on PGlite, the database thread) until told.
    const held = signal();
    const release = signal();
    const stall = db.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      held.resolve();
      await release;
    });
    await waitFor(held, { what: 'the stalling transaction to hold its lock' });
    const res = await get('/readyz');
    release.resolve();
    await stall;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database is not answering.' });
    expect((await get('/livez')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz answers 503 while the newest migration is not applied', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await db.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The database migrations are not applied yet.' });
    } finally {
      await db.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });
});

describe('the request id', () => {
  it('a sane X-Request-Id is the request id: echoed, and in every log line of the request', async () => {
    const id = 'edge-7f3a.42:retry/1';
    const res = await get('/api/listings/987654', { 'x-request-id': id });
    expect(res.headers['x-request-id']).toBe(id);
    const mine = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Every line that mentions the request's URL carries its id.
    for (const l of lines.filter((x) => x.includes('987654'))) expect(JSON.parse(l).reqId).toBe(id);
  });

  it('an unusable X-Request-Id (bad characters, too long) or none gets a fresh UUID', async () => {
    for (const given of ['<script>', 'a b', 'x'.repeat(129), '']) {
      const res = await get('/livez', given ? { 'x-request-id': given } : {});
      expect(res.headers['x-request-id'], given).toMatch(UUID);
    }
    const a = (await get('/livez')).headers['x-request-id'];
    const b = (await get('/livez')).headers['x-request-id'];
    expect(a).not.toBe(b);
  });

  it('error answers carry it too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-400' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBe('req-400');
  });
});
