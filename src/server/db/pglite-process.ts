import type { ChildProcess } from 'node:child_process';
import type { Results, Transaction } from '@electric-sql/pglite';
import { exited, kill, startChild } from './pglite-child.ts';
import {
  answer,
  DatabaseUnavailableError,
  inTransaction,
  type Pending,
  PGLITE_SETTINGS,
  type PGliteProcessOptions,
  type QueryOptions,
  type ThreadMessage,
  Turns,
} from './pglite-process-options.ts';
import { DbStats } from './stats.ts';

export { DatabaseUnavailableError, type PGliteProcessOptions };

// PGlite in its own child process, behind the subset of PGlite's interface Drizzle and the app use
// (query, exec, transaction, listen, close). Why (ADR 030): PGlite runs PostgreSQL as WebAssembly
// on the thread that calls it, so a statement that never ends (PGlite 0.5.16 can leave its first
// trigram index scan in a fresh process looping inside errfinish) would freeze every request.
// Here a statement that runs past the timeout gets DatabaseUnavailableError (the API answers 503),
// the child is killed and a new one opens the same data directory (PostgreSQL's crash recovery
// keeps every commit). If the database stays stuck, onFatal is told and the server exits.
// A process, not a worker thread: several PGlite threads in one process crash V8 now and then
// (its registry of WebAssembly code pages, nodejs/node#64500; ADR 030).

// The warm-up takes milliseconds; past this it has hit the hang and the process is replaced.
const WARM_TIMEOUT_MS = 5_000;

export class PGliteProcess {
  private readonly opts: PGliteProcessOptions;
  private worker: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private seq = 0;
  private pending = new Map<number, Pending>();
  private handlers = new Map<string, Set<(payload: string) => void>>();
  // Told false when a process is lost (notifications may be missed) and true once a new one listens.
  private stateListeners = new Set<(up: boolean) => void>();
  // One statement (or one whole transaction) at a time, as PGlite itself does.
  private readonly turns = new Turns();
  private stalls: number[] = [];
  private closed = false;
  private fatal: string | null = null;
  statementTimeoutMs: number;
  restarts = 0;
  // Timeouts, replacements and statement times for the metrics.
  readonly stats = new DbStats();

  constructor(opts: PGliteProcessOptions) {
    this.opts = opts;
    this.statementTimeoutMs = opts.statementTimeoutMs;
  }

  static async create(opts: PGliteProcessOptions): Promise<PGliteProcess> {
    const t = new PGliteProcess(opts);
    t.start().catch(() => {});
    await t.waitReady();
    return t;
  }

  private start(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const worker = startChild(this.opts.dir);
    this.worker = worker;
    this.stats.processPid = worker.pid ?? null;
    worker.on('message', (msg: ThreadMessage) => answer(msg, this.pending, this.handlers));
    worker.on('error', (err) => this.lost(worker, `the database process failed: ${err.message}`));
    worker.on('exit', (code, signal) => {
      if (!this.closed && this.worker === worker)
        this.lost(worker, `the database process exited (${signal ?? code})`);
    });
    this.ready = (async () => {
      await Promise.resolve();
      const load = this.restarts === 0 ? this.opts.loadDataDir : undefined;
      await this.send(
        worker,
        { op: 'open', load, settings: this.opts.settings ?? PGLITE_SETTINGS },
        this.opts.openTimeoutMs ?? 120_000,
        'opening the database',
      );
      await this.send(worker, { op: 'warm' }, WARM_TIMEOUT_MS, 'the first trigram index scan');
      for (const channel of this.handlers.keys())
        await this.send(worker, { op: 'listen', channel }, 10_000, 'LISTEN');
      if (this.restarts) for (const cb of this.stateListeners) cb(true);
    })();
    return this.ready;
  }

  // The process died or stalled: every waiting call fails, and a new one opens the database.
  private lost(worker: ChildProcess, reason: string) {
    if (this.worker !== worker || this.closed) return;
    this.worker = null;
    this.stats.processPid = null;
    for (const [id, p] of this.pending) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(new DatabaseUnavailableError());
      this.pending.delete(id);
    }
    kill(worker);
    for (const cb of this.stateListeners) cb(false);
    const now = Date.now();
    this.stalls = [...this.stalls.filter((t) => now - t < 60_000), now];
    if (this.stalls.length > (this.opts.maxStallsPerMinute ?? 3)) {
      this.giveUp(`${reason}; ${this.stalls.length} times within a minute`);
      return;
    }
    this.restarts += 1;
    this.stats.threadReplacements += 1;
    const ready = this.start();
    ready.catch((err: Error) => {
      // A newer start replaced this one (its warm-up stalled): that one decides.
      if (this.ready === ready && !this.closed) this.giveUp(`${reason}; reopening failed: ${err.message}`);
    });
  }

  private giveUp(reason: string) {
    this.fatal = reason;
    this.ready = Promise.reject(new DatabaseUnavailableError());
    this.ready.catch(() => {});
    this.opts.onFatal?.(reason);
  }

  private send(
    worker: ChildProcess,
    msg: Record<string, unknown>,
    timeoutMs: number,
    what: string,
  ): Promise<unknown> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const timer =
        timeoutMs > 0
          ? setTimeout(() => {
              this.stats.timeouts += 1;
              this.opts.onStall?.({ sql: what.slice(0, 200), ms: Date.now() - started });
              this.pending.delete(id);
              reject(new DatabaseUnavailableError());
              this.lost(worker, `a statement ran past ${timeoutMs} ms: ${what.slice(0, 200)}`);
            }, timeoutMs)
          : null;
      this.pending.set(id, { resolve, reject, timer });
      const unreachable = (reason: string) => {
        if (this.pending.delete(id)) {
          if (timer) clearTimeout(timer);
          reject(new DatabaseUnavailableError());
        }
        this.lost(worker, reason);
      };
      if (!worker.connected) unreachable('the database process is gone');
      else
        worker.send({ id, ...msg }, (err) => {
          if (err) unreachable(`the database process cannot be reached: ${err.message}`);
        });
    });
  }

  // Until a process has opened the database; a start that fails is followed by another (lost()).
  private async waitReady(): Promise<void> {
    for (;;) {
      const ready = this.ready;
      try {
        await ready;
        return;
      } catch (err) {
        if (this.fatal || this.closed || this.ready === ready) throw err;
      }
    }
  }

  // The warm-up again (after migrations created the trigram index).
  async warm(): Promise<void> {
    await this.waitReady();
    const worker = this.worker;
    if (worker)
      await this.exclusive(() =>
        this.send(worker, { op: 'warm' }, WARM_TIMEOUT_MS, 'the first trigram index scan'),
      );
  }

  private async call(msg: Record<string, unknown>, what: string): Promise<unknown> {
    if (this.fatal || this.closed) throw new DatabaseUnavailableError();
    await this.waitReady();
    const worker = this.worker;
    if (!worker) throw new DatabaseUnavailableError();
    const started = performance.now();
    const ctx = this.stats.traceContext?.() ?? null;
    return this.send(worker, msg, this.statementTimeoutMs, what).then(
      (result) => {
        this.stats.query(started, what, false, ctx);
        return result;
      },
      (err: unknown) => {
        this.stats.query(started, what, true, ctx);
        throw err;
      },
    );
  }

  // Runs fn alone: the next statement or transaction waits for it, as with PGlite's own mutex.
  // A wait longer than the statement timeout gives up with 503 instead of queueing forever.
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.turns.run(fn, this.statementTimeoutMs > 0 ? this.statementTimeoutMs * 2 : 0);
  }

  private rawQuery<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
    const opts = options
      ? { rowMode: options.rowMode, rawOids: Object.keys(options.parsers ?? {}).map(Number) }
      : undefined;
    return this.call({ op: 'query', sql, params: params ?? [], opts }, sql) as Promise<Results<T>>;
  }

  private rawExec(sql: string) {
    return this.call({ op: 'exec', sql }, sql) as Promise<Results[]>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.exclusive(() => this.rawQuery<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.exclusive(() => this.rawExec(sql));
  }

  // BEGIN, the callback's statements, then COMMIT (or ROLLBACK when it throws), with nothing in between.
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const raw = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.rawQuery<R>(sql, params, options),
      exec: (sql: string) => this.rawExec(sql),
    };
    return this.exclusive(() => inTransaction(raw, callback));
  }

  // The data directory as PGlite's dumpDataDir gives it (gzipped tar), between two statements
  // (ADR 036). Requests wait meanwhile, as for any long statement.
  dumpDataDir(): Promise<Uint8Array> {
    return this.exclusive(async () => {
      if (this.fatal || this.closed) throw new DatabaseUnavailableError();
      await this.waitReady();
      const worker = this.worker;
      if (!worker) throw new DatabaseUnavailableError();
      return (await this.send(worker, { op: 'dump' }, 10 * 60_000, 'dumping the database')) as Uint8Array;
    });
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.call({ op: 'listen', channel }, `LISTEN ${channel}`);
    }
    set.add(onPayload);
    const mine = set;
    return async () => {
      mine.delete(onPayload);
    };
  }

  onListenState(cb: (up: boolean) => void): void {
    this.stateListeners.add(cb);
  }

  // False once the database has been given up on, or while its process is being replaced.
  get healthy(): boolean {
    return !this.fatal && this.worker !== null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker;
    if (worker && !this.fatal) {
      await this.exclusive(() => this.send(worker, { op: 'close' }, 30_000, 'closing')).catch(() => {});
    }
    this.closed = true;
    if (!worker) return;
    // Closed cleanly above: the child exits once the channel closes. Otherwise it is killed.
    if (worker.connected && !this.fatal) worker.disconnect();
    else kill(worker);
    await exited(worker, 10_000);
    kill(worker);
  }
}
