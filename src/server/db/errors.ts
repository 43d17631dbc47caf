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
