import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from './test-app.ts';

// The test databases run the server's path (ADR 030): a statement that never returns fails the
// test that ran it, with a clear error, within the statement timeout; the next statement runs.
const onPostgres = process.env.TEST_DB === 'postgres';
const { handle, drop } = await createTestDb({ statementTimeoutMs: 1500 });
afterAll(drop);

describe('a test database', () => {
  it('refuses a statement that never returns, then answers the next one', async () => {
    const err = (await handle.db.execute(sql`select pg_sleep(3600)`).catch((e: unknown) => e)) as Error;
    // Drizzle wraps the driver's error as its cause.
    if (onPostgres)
      expect(err.cause).toMatchObject({ code: '57014' }); // statement timeout
    else
      expect(err.cause).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is not answering. Please try again in a moment.',
      });
    const { rows } = (await handle.db.execute(sql`select 41 + 1 as n`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows).toEqual([{ n: 42 }]);
  }, 20_000);
});
