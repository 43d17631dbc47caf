import type { Results, Transaction } from '@electric-sql/pglite';

// What the embedded database's process (pglite-process.ts, ADR 030) is told, the error its callers
// get when it cannot answer, its transactions, and the turns its callers take.

// The API answers 503 with this message: the embedded database is stuck or being reopened.
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(message = 'The database is not answering. Please try again in a moment.') {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

// A call waiting for the process's answer.
export type Pending = {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  timer: NodeJS.Timeout | null;
};

// The process's error, rebuilt with its fields (code, detail, ...) as the caller's Error.
function rebuildError(e: Record<string, unknown>): Error {
  const err = new Error(String(e.message)) as Error & Record<string, unknown>;
  for (const [k, v] of Object.entries(e)) if (k !== 'message') err[k] = v;
  return err;
}

// What the process sends: an answer to call `id`, or a NOTIFY on a channel.
export type ThreadMessage = {
  id?: number;
  ok?: boolean;
  result?: unknown;
  error?: Record<string, unknown>;
  notify?: string;
  payload?: string;
};

// Settles the waiting call a message answers, or hands a NOTIFY to its channel's handlers.
export function answer(
  msg: ThreadMessage,
  pending: Map<number, Pending>,
  handlers: Map<string, Set<(payload: string) => void>>,
) {
  if (msg.notify !== undefined) {
    for (const h of handlers.get(msg.notify) ?? []) h(msg.payload ?? '');
    return;
  }
  const p = pending.get(msg.id as number);
  if (!p) return;
  pending.delete(msg.id as number);
  if (p.timer) clearTimeout(p.timer);
  if (msg.ok) p.resolve(msg.result);
  else p.reject(rebuildError(msg.error ?? { message: 'database error' }));
}

export type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

// The embedded server's memory for a small machine (ADR 047). PostgreSQL's defaults assume a server
// of its own (128 MB of shared buffers, filled as pages are read); PGlite's data files sit on the
// host's disk, whose page cache holds them again, so a small buffer pool costs little speed.
export function pgliteSettings(opts: { sharedBuffers: string; workMem: string }): string[] {
  return [
    `shared_buffers=${opts.sharedBuffers}`,
    `work_mem=${opts.workMem}`,
    'maintenance_work_mem=16MB',
    'temp_buffers=2MB',
    'wal_buffers=1MB',
  ];
}
export const PGLITE_SETTINGS = pgliteSettings({ sharedBuffers: '16MB', workMem: '2MB' });

export type PGliteProcessOptions = {
  dir: string;
  // A statement running longer than this ends the process (0: no limit, e.g. while migrating).
  statementTimeoutMs: number;
  // Opening (with crash recovery) may take this long before the database counts as stuck.
  openTimeoutMs?: number;
  // Stalls within a minute before the process gives up: the watchdog (ADR 030).
  maxStallsPerMinute?: number;
  // Called with the reason when the database cannot be brought back; main.ts logs it and exits 1.
  onFatal?: (reason: string) => void;
  // Called with each stall's statement (trimmed) and the restart's outcome, for the log.
  onStall?: (info: { sql: string; ms: number }) => void;
  // Restores this dumpDataDir output into the (empty) dir on the first open: backups, ADR 036.
  loadDataDir?: Uint8Array;
  // postgresql.conf lines for the embedded server (ADR 047: its memory, sized for a small machine).
  settings?: string[];
};

// BEGIN, the callback's statements, then COMMIT (or ROLLBACK when it throws), on the raw calls of a
// process that runs nothing else meanwhile.
export async function inTransaction<T>(
  raw: {
    query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<R>>;
    exec: (sql: string) => Promise<Results[]>;
  },
  callback: (tx: Transaction) => Promise<T>,
): Promise<T> {
  await raw.exec('BEGIN');
  let closed = false;
  const tx = {
    query: raw.query,
    exec: raw.exec,
    rollback: async () => {
      await raw.exec('ROLLBACK');
      closed = true;
    },
    get closed() {
      return closed;
    },
  } as unknown as Transaction;
  try {
    const result = await callback(tx);
    if (!closed) await raw.exec('COMMIT');
    closed = true;
    return result;
  } catch (err) {
    if (!closed && !(err instanceof DatabaseUnavailableError)) await raw.exec('ROLLBACK').catch(() => {});
    closed = true;
    throw err;
  }
}

// One caller at a time, in order: the next waits for the one before it. A wait longer than
// maxWaitMs (0: no limit) gives up with 503 instead of queueing forever; its turn is passed on.
export class Turns {
  private last: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>, maxWaitMs: number): Promise<T> {
    const prev = this.last;
    let release!: () => void;
    this.last = new Promise<void>((r) => {
      release = r;
    });
    try {
      if (maxWaitMs > 0) {
        let timer: NodeJS.Timeout | undefined;
        const waited = await Promise.race([
          prev.then(() => true),
          new Promise<false>((r) => {
            timer = setTimeout(() => r(false), maxWaitMs);
          }),
        ]);
        clearTimeout(timer);
        if (!waited) {
          // Our turn still comes: pass it on as soon as the one before us is done.
          prev.then(release);
          release = () => {};
          throw new DatabaseUnavailableError('The database is busy. Please try again in a moment.');
        }
      } else await prev;
      return await fn();
    } finally {
      release();
    }
  }
}
