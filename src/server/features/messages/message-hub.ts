import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { type Message, STREAM_HEARTBEAT_MS, type StreamEvents } from '#shared/messages.ts';
import type { Notification } from '#shared/notifications.ts';
import { MESSAGES_CHANNEL, type Notice } from '../../core/live.ts';
import type { DbHandle } from '../../db/client.ts';
import { forReader, type MessagesService } from './messages.service.ts';
import { liveMessage } from './resume.ts';

// Postgres refuses NOTIFY payloads of 8000 bytes or more: bigger messages travel by id only.
const PAYLOAD_MAX_BYTES = 7000;
// A client that cannot keep up is dropped; it reconnects and catches up by refetching.
const CLIENT_BUFFER_MAX = 1024 * 1024;

// What the hub needs from the notifications feature.
export type NotificationsReader = {
  unreadCounts(userIds: number[]): Promise<Map<number, number>>;
  byIds(ids: number[]): Promise<Map<number, { userId: number; notification: Notification }>>;
};
export type StreamClient = { userId: number; res: ServerResponse; timer: NodeJS.Timeout; startedAt: number };

// Live fan-out for one app instance. Every instance LISTENs once on one channel (one connection,
// whatever the number of clients) and writes each notice to its own open streams, in memory.
export class MessageHub {
  private handle: DbHandle;
  private service: MessagesService;
  private log: FastifyBaseLogger;
  private notifications: NotificationsReader;
  heartbeatMs = STREAM_HEARTBEAT_MS;
  // Streams are closed after this long; EventSource reconnects, which re-checks the session.
  maxStreamMs = 10 * 60_000;
  private clients = new Map<number, Set<StreamClient>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  // Self-check: the instance NOTIFYs itself; a ping not heard back before the next one means the
  // LISTEN connection is gone. Streams are then closed and refused (503), so tabs fall back to polling.
  healthMs = 15_000;
  private instance = randomBytes(6).toString('hex');
  private pingSent = 0;
  private pingHeard = 0;
  private healthTimer: NodeJS.Timeout | null = null;
  healthy = true;
  private pending: Notice[] = [];
  private drainQueued = false;

  constructor(
    handle: DbHandle,
    service: MessagesService,
    log: FastifyBaseLogger,
    notifications: NotificationsReader,
  ) {
    this.handle = handle;
    this.service = service;
    this.log = log;
    this.notifications = notifications;
  }

  get clientCount(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  async ensureListening(): Promise<void> {
    if (!this.listening) {
      this.listening = this.handle.listen(MESSAGES_CHANNEL, (payload) => this.onNotify(payload));
      this.listening.catch(() => {
        this.listening = null;
      });
      this.healthTimer = setInterval(() => this.checkHealth(), this.healthMs);
      this.healthTimer.unref();
    }
    await this.listening;
  }

  checkHealth(): void {
    if (this.pingHeard < this.pingSent && this.healthy) {
      this.healthy = false;
      this.log.error(
        'message stream: LISTEN connection lost; live delivery off, clients fall back to polling',
      );
      for (const set of [...this.clients.values()]) for (const c of [...set]) c.res.end();
    }
    this.pingSent += 1;
    this.handle
      .notify(
        MESSAGES_CHANNEL,
        JSON.stringify({ t: 'ping', i: this.instance, n: this.pingSent } satisfies Notice),
      )
      .catch(() => {});
  }

  async publishMessage(m: Message): Promise<void> {
    const full: Notice = { t: 'message', id: m.id, from: m.fromUserId, to: m.toUserId, m };
    let payload = JSON.stringify(full);
    if (Buffer.byteLength(payload) > PAYLOAD_MAX_BYTES)
      payload = JSON.stringify({ t: 'message', id: m.id, from: m.fromUserId, to: m.toUserId });
    await this.handle.notify(MESSAGES_CHANNEL, payload);
  }

  async publishRead(userId: number): Promise<void> {
    await this.handle.notify(MESSAGES_CHANNEL, JSON.stringify({ t: 'read', u: userId } satisfies Notice));
  }

  // Work touching the streams runs one item at a time, in notification order.
  enqueue(task: () => Promise<void>): void {
    this.queue = this.queue
      .then(task)
      .catch((err) => this.log.warn({ err }, 'message stream dispatch failed'));
  }

  private onNotify(payload: string) {
    let notice: Notice;
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (notice.t === 'ping') {
      if (notice.i !== this.instance) return;
      this.pingHeard = Math.max(this.pingHeard, notice.n);
      if (!this.healthy && this.pingHeard === this.pingSent) {
        this.healthy = true;
        this.log.info('message stream: LISTEN connection back');
      }
      return;
    }
    if (notice.t === 'ended') {
      for (const c of [...(this.clients.get(notice.u) ?? [])]) {
        this.remove(c);
        c.res.end();
      }
      return;
    }
    this.pending.push(notice);
    if (!this.drainQueued) {
      this.drainQueued = true;
      this.enqueue(() => this.drain());
    }
  }

  // Handles every notice received so far, in order. A burst costs one unread-count query for all
  // the users concerned, not one per message.
  private async drain(): Promise<void> {
    this.drainQueued = false;
    const batch = this.pending;
    this.pending = [];
    type Out =
      | { userId: number; event: 'message'; message: Message }
      | { userId: number; event: 'unread' }
      | { userId: number; event: 'notification'; id: number }
      | { userId: number; event: 'notificationsUnread' };
    const out: Out[] = [];
    const open = (u: number) => Boolean(this.clients.get(u)?.size);
    for (const n of batch) {
      if (n.t === 'read') {
        if (open(n.u)) out.push({ userId: n.u, event: 'unread' });
      } else if (n.t === 'notification') {
        if (open(n.u)) out.push({ userId: n.u, event: 'notification', id: n.id });
      } else if (n.t === 'notificationsRead') {
        if (open(n.u)) out.push({ userId: n.u, event: 'notificationsUnread' });
      } else if (n.t === 'message') {
        const targets = [n.to, n.from].filter(open);
        if (!targets.length) continue;
        const message = n.m ?? (await this.service.byId(n.id));
        if (!message) continue;
        for (const u of targets) out.push({ userId: u, event: 'message', message: forReader(message, u) });
      }
    }
    if (!out.length) return;
    const users = (pred: (o: Out) => boolean) => [...new Set(out.filter(pred).map((o) => o.userId))];
    const counts = await this.service.unreadCounts(
      users((o) => o.event === 'message' || o.event === 'unread'),
    );
    const bell = this.notifications;
    const bellUsers = users((o) => o.event === 'notification' || o.event === 'notificationsUnread');
    const bellCounts = bellUsers.length ? await bell.unreadCounts(bellUsers) : new Map<number, number>();
    const ids = out.flatMap((o) => (o.event === 'notification' ? [o.id] : []));
    // A notification gone meanwhile (an unread message notification is renumbered when it grows)
    // is skipped: the notice of its new id follows.
    const rows = ids.length ? await bell.byIds(ids) : new Map();
    for (const o of out) {
      if (o.event === 'message')
        this.sendTo(
          o.userId,
          'message',
          { message: o.message, unreadCount: counts.get(o.userId) ?? 0 },
          o.message.id,
        );
      else if (o.event === 'unread')
        this.sendTo(o.userId, 'unread', { unreadCount: counts.get(o.userId) ?? 0 });
      else if (o.event === 'notificationsUnread')
        this.sendTo(o.userId, 'notificationsUnread', { unreadCount: bellCounts.get(o.userId) ?? 0 });
      else {
        const row = rows.get(o.id);
        if (row?.userId === o.userId)
          this.sendTo(o.userId, 'notification', {
            notification: row.notification,
            unreadCount: bellCounts.get(o.userId) ?? 0,
          });
      }
    }
  }

  // The counts a stream starts with: unread messages and unread notifications.
  async readyCounts(userId: number): Promise<StreamEvents['ready']> {
    const [unreadCount, bell] = await Promise.all([
      this.service.unreadCount(userId),
      this.notifications.unreadCounts([userId]),
    ]);
    return { unreadCount, notificationCount: bell.get(userId) ?? 0 };
  }

  add(userId: number, res: ServerResponse): StreamClient {
    const startedAt = Date.now();
    const client: StreamClient = {
      userId,
      res,
      startedAt,
      timer: setInterval(() => {
        if (Date.now() - startedAt >= this.maxStreamMs) {
          res.end();
          return;
        }
        this.write(client, ': heartbeat\n\n');
      }, this.heartbeatMs),
    };
    let set = this.clients.get(userId);
    if (!set) {
      set = new Set();
      this.clients.set(userId, set);
    }
    set.add(client);
    return client;
  }

  remove(client: StreamClient): void {
    clearInterval(client.timer);
    const set = this.clients.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (!set.size) this.clients.delete(client.userId);
  }

  send<E extends keyof StreamEvents>(
    client: StreamClient,
    event: E,
    data: StreamEvents[E],
    id?: number,
  ): void {
    if (event === 'message' && id !== undefined && !liveMessage(client, id)) return;
    this.write(
      client,
      `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
    );
  }

  private sendTo<E extends keyof StreamEvents>(userId: number, event: E, data: StreamEvents[E], id?: number) {
    for (const c of this.clients.get(userId) ?? []) this.send(c, event, data, id);
  }

  private write(client: StreamClient, chunk: string) {
    if (client.res.writableEnded || client.res.destroyed) return;
    if (client.res.writableLength > CLIENT_BUFFER_MAX) {
      client.res.destroy();
      return;
    }
    client.res.write(chunk);
  }

  // Ends every open stream (so the server can close) and stops listening. A stream is told to
  // reconnect within 0.5-2.5 s, spread so a closing instance's tabs do not all return at once.
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.healthTimer) clearInterval(this.healthTimer);
    for (const set of [...this.clients.values()]) {
      for (const c of [...set]) {
        this.remove(c);
        this.write(c, `retry: ${500 + Math.floor(Math.random() * 2000)}\n\n`);
        c.res.end();
      }
    }
    const unlisten = await this.listening?.catch(() => null);
    await unlisten?.().catch(() => {});
  }
}
