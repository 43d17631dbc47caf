import { within } from '../core/within.ts';
import type { DbHandle } from '../db/client.ts';

// The read feed (ADR 041): what the database says changed, for the in-process read caches (the
// session cache, the listing counts). Triggers (migration 0019) NOTIFY on channel `ys_reads` at
// commit: `u<id>` when a user's row, sessions or blocks changed, `l` when listings changed. Every
// instance listens; a cache is used only while the LISTEN connection is up, and on PostgreSQL a
// cached answer is used only after a barrier (a round trip on the LISTEN connection begun after
// the request arrived), so every change committed before the request is applied first (ADR 025).

export const READ_FEED_CHANNEL = 'ys_reads';

type Log = { warn: (obj: object, msg: string) => void };

export class ReadFeed {
  // false until listening, and while the LISTEN connection is down: caches are not used.
  private up = false;
  private readonly handlers = new Set<(change: string) => void>();
  private handle: DbHandle | null = null;
  private needsBarrier = false;
  private sent: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;

  readonly enabled: boolean;
  constructor(enabled = true) {
    this.enabled = enabled;
  }

  get usable(): boolean {
    return this.enabled && this.up;
  }

  // Each change as it arrives; `*` when changes may have been missed (the connection dropped).
  on(handler: (change: string) => void): void {
    this.handlers.add(handler);
  }

  private emit(change: string) {
    for (const h of this.handlers) h(change);
  }

  async attach(handle: DbHandle, log: Log): Promise<void> {
    this.handle = handle;
    if (!this.enabled) return;
    this.needsBarrier = handle.kind === 'postgres';
    handle.onListenState((up) => {
      this.emit('*');
      this.up = up;
      if (!up) log.warn({}, 'read feed: LISTEN connection lost, read caches off until it is back');
    });
    await handle.listen(READ_FEED_CHANNEL, (change) => this.emit(change));
    this.emit('*');
    this.up = true;
  }

  // Resolves true once every change committed before the call has reached the handlers; false
  // when that cannot be known (the cache must not be used). Batched: a burst shares a round trip.
  barrier(): Promise<boolean> {
    if (!this.usable) return Promise.resolve(false);
    if (!this.needsBarrier) return Promise.resolve(true);
    if (!this.sent) return this.send();
    this.queued ??= this.sent.then(() => {
      this.queued = null;
      return this.send();
    });
    return this.queued;
  }

  private send(): Promise<boolean> {
    const handle = this.handle as DbHandle;
    const p: Promise<boolean> = within(handle.listenBarrier(), 2000)
      .then(
        () => this.usable,
        () => false,
      )
      .finally(() => {
        if (this.sent === p) this.sent = null;
      });
    this.sent = p;
    return p;
  }
}
