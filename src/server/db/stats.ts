import { AsyncResource } from 'node:async_hooks';
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
// timeout. Streams (a Submittable) are left alone. pg's query takes (config, values, callback) or
// (config, callback): named parameters, not a rest array whose callback is replaced in place: with
// that, V8 kept each statement's rows alive through young collections into the old generation, 17
// to 24 KB a request on the first page of listings, and the old generation was collected every
// second under load (ADR 047).
export function timePgClient(client: Queryable, stats: DbStats): void {
  const query = client.query.bind(client) as (
    config: unknown,
    values?: unknown,
    callback?: Callback,
  ) => unknown;
  client.query = (config: unknown, values?: unknown, callback?: unknown) => {
    const started = performance.now();
    const ctx = stats.traceContext?.() ?? null;
    const done = (err: unknown) => {
      const first = config as string | { text?: string } | undefined;
      stats.query(started, typeof first === 'string' ? first : (first?.text ?? ''), Boolean(err), ctx);
      if ((err as { code?: unknown } | null)?.code === '57014') stats.timeouts += 1;
    };
    if (typeof values === 'function')
      return query(config, (err: unknown, res?: unknown) => {
        done(err);
        (values as Callback)(err, res);
      });
    if (typeof callback === 'function')
      return query(config, values, (err: unknown, res?: unknown) => {
        done(err);
        (callback as Callback)(err, res);
      });
    const result = query(config, values);
    if (result instanceof Promise)
      result.then(
        () => done(null),
        (err: unknown) => done(err),
      );
    return result;
  };
}

type Pool = {
  on: (event: 'connect', listener: (client: Queryable) => void) => unknown;
  connect: (cb?: (...a: unknown[]) => void) => unknown;
};

// Times every statement of a pg pool's clients, each in its own request's context: a query waiting
// for a free connection continues in that context, not in the one that released the connection
// (traces, ADR 036). Not AsyncResource.bind(), which defines accessor properties on every function
// it binds: with it, part of each statement's answer was kept through young collections into the
// old generation (measured, ADR 047).
export function instrumentPool(pool: Pool, stats: DbStats): void {
  pool.on('connect', (client) => timePgClient(client, stats));
  const connect = pool.connect.bind(pool);
  pool.connect = (cb) => {
    if (!cb) return connect();
    const resource = new AsyncResource('pg-pool-connect');
    return connect((err: unknown, client: unknown, release: unknown) =>
      resource.runInAsyncScope(cb, undefined, err, client, release),
    );
  };
}
