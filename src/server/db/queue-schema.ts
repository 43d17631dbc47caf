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
  if ('pglite' in target)
    return { ...base, db: fromPglite(target.pglite as never), backend: 'pglite' } as ConstructorOptions;
  return { ...base, connectionString: target.url, max: target.poolSize, application_name: 'yardshare-jobs' };
}

// Creates or brings up to date pg-boss's tables, with the app's migrations (so a migrated copy of
// the database, the tests' templates included, has them).
export async function migrateQueue(target: QueueTarget): Promise<void> {
  const boss = new PgBoss({ ...queueOptions(target, false), max: 1 } as ConstructorOptions);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
