import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import { type ConstructorOptions, fromPglite, PgBoss } from 'pg-boss';

// The job queue's tables (pg-boss, ADR 054) live in the schema `pgboss` of the app's own database:
// the embedded one, or the PostgreSQL server's (with a small pool of its own).
export const QUEUE_SCHEMA = 'pgboss';
export type QueueTarget = { pglite: Pick<PGlite, 'query' | 'exec'> } | { url: string; poolSize: number };

export function queueOptions(target: QueueTarget, live: boolean): ConstructorOptions {
  const base = {
    schema: QUEUE_SCHEMA,
    // Only a started server supervises (expires, retries, deletes old jobs) and schedules.
    supervise: live,
    schedule: live,
    migrate: true,
    superviseIntervalSeconds: 30,
    monitorIntervalSeconds: 60,
    persistWarnings: false,
  };
  // The embedded database is one small process with no autovacuum: pg-boss's vacuum and index
  // bloat checks (catalog scans) would only cost its memory.
  if ('pglite' in target)
    return {
      ...base,
      db: fromPglite(target.pglite as never),
      backend: 'pglite',
      monitorVacuum: false,
      reindex: false,
    } as ConstructorOptions;
  return { ...base, connectionString: target.url, max: target.poolSize, application_name: 'yardshare-jobs' };
}

// The version of its tables this pg-boss works with (its package says).
const SCHEMA_VERSION: number = createRequire(import.meta.url)('pg-boss/package.json').pgboss.schema;

// Creates or brings up to date pg-boss's tables, with the app's migrations (so a migrated copy of
// the database, the tests' templates included, has them). Tables already at this version are left
// as they are without starting pg-boss (a command line's start stays quick).
export async function migrateQueue(
  target: QueueTarget,
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<void> {
  const installed = await query(`select to_regclass('${QUEUE_SCHEMA}.version') is not null as present`);
  if ((installed.rows[0] as { present: boolean }).present) {
    const { rows } = await query(`select version from ${QUEUE_SCHEMA}.version`);
    if (Number((rows[0] as { version?: unknown } | undefined)?.version) === SCHEMA_VERSION) return;
  }
  const boss = new PgBoss({ ...queueOptions(target, false), max: 1 } as ConstructorOptions);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
