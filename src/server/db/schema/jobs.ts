import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

// Scheduled work that runs on one instance at a time (ADR 016): a row per job, leased while it runs.
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: ts('next_run_at').notNull(),
  lockedUntil: ts('locked_until'),
  lastRunAt: ts('last_run_at'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});
