// What a database handle counts for the metrics (ADR 033): statements timed out, embedded database
// processes replaced, and each statement's time, handed to a listener when one is attached.
export class DbStats {
  timeouts = 0;
  threadReplacements = 0;
  // The embedded database's process (ADR 030), for its memory and CPU in the metrics; null on
  // PostgreSQL or while it is being replaced.
  processPid: number | null = null;
  onQuery: ((seconds: number) => void) | null = null;
  // When traces are on (ADR 036): the trace context a statement starts in, and each statement's
  // text, start, outcome and that context.
  traceContext: (() => unknown) | null = null;
  onStatement: ((sql: string, startedMs: number, failed: boolean, ctx: unknown) => void) | null = null;

  query(startedMs: number, sql = '', failed = false, ctx: unknown = null): void {
    this.onQuery?.((performance.now() - startedMs) / 1000);
    this.onStatement?.(sql, startedMs, failed, ctx);
  }
}

type Callback = (err: unknown, res?: unknown) => void;
type Queryable = { query: (...args: unknown[]) => unknown };

// Times every query a pg client runs (callback or promise form); 57014 is PostgreSQL's statement
// timeout. Streams (a Submittable) are left alone.
export function timePgClient(client: Queryable, stats: DbStats): void {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const started = performance.now();
    const first = args[0] as string | { text?: string } | undefined;
    const ctx = stats.traceContext?.() ?? null;
    const done = (err: unknown) => {
      stats.query(started, typeof first === 'string' ? first : (first?.text ?? ''), Boolean(err), ctx);
      if ((err as { code?: unknown } | null)?.code === '57014') stats.timeouts += 1;
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        done(err);
        (last as Callback)(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise)
      result.then(
        () => done(null),
        (err: unknown) => done(err),
      );
    return result;
  };
}
