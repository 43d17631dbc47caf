// Postgres error details, whether the driver error is thrown as is or wrapped by Drizzle.
export function pgError(err: unknown): { code?: string; constraint?: string } {
  let e = err as
    | { code?: string; constraint?: string; constraint_name?: string; cause?: unknown }
    | undefined;
  for (let i = 0; i < 3 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, constraint: e.constraint ?? e.constraint_name };
    e = e.cause as typeof e;
  }
  return {};
}

export const isUniqueViolation = (err: unknown) => pgError(err).code === '23505';

// The database did not answer in time (ADR 030): the embedded database's thread was stopped, a
// PostgreSQL statement ran past statement_timeout (57014), or no pooled connection came free.
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; i < 3 && e; i++) {
    if (e.code === 'DATABASE_UNAVAILABLE' || e.code === '57014') return true;
    if (typeof e.message === 'string' && e.message.startsWith('timeout exceeded when trying to connect'))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
