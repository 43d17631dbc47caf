import { WAIT_MS } from './wait.ts';

// A streaming fetch client for Server-Sent Events in tests and the bench (inject buffers replies).
export type SseEvent = { event: string; data: string; id?: string; at: number };

export type SseClient = {
  status: number;
  events: SseEvent[];
  comments: number;
  // Resolves once pred holds for the events received (checked on each event, heartbeat and at the
  // end of the stream); fails after timeoutMs (WAIT_MS unless told), naming pred.
  waitFor: (pred: (events: SseEvent[]) => boolean, timeoutMs?: number) => Promise<void>;
  onEvent: (fn: (e: SseEvent) => void) => void;
  close: () => void;
  closed: Promise<void>;
};

// headers: more request headers (Last-Event-ID).
export async function openSse(
  url: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const ctrl = new AbortController();
  const res = await fetch(url, {
    headers: { ...(cookie ? { cookie } : {}), accept: 'text/event-stream', ...headers },
    signal: ctrl.signal,
  });
  const events: SseEvent[] = [];
  const listeners: ((e: SseEvent) => void)[] = [];
  const waiters = new Set<() => void>();
  const client: SseClient = {
    status: res.status,
    events,
    comments: 0,
    waitFor: (pred, timeoutMs = WAIT_MS) =>
      new Promise<void>((resolve, reject) => {
        if (pred(events)) return resolve();
        const check = () => {
          if (pred(events)) {
            waiters.delete(check);
            clearTimeout(t);
            resolve();
          }
        };
        const t = setTimeout(() => {
          waiters.delete(check);
          const got = events.map((e) => e.event).join(', ') || 'none';
          reject(
            new Error(`Timed out after ${timeoutMs} ms waiting for SSE events where ${pred}; got: ${got}`),
          );
        }, timeoutMs);
        waiters.add(check);
      }),
    onEvent: (fn) => listeners.push(fn),
    close: () => ctrl.abort(),
    closed: Promise.resolve(),
  };
  if (!res.ok || !res.body) {
    await res.text().catch(() => {});
    return client;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  client.closed = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let idx = buf.indexOf('\n\n');
        while (idx >= 0) {
          const block = buf.slice(0, idx);
          buf = buf.slice(idx + 2);
          idx = buf.indexOf('\n\n');
          const e: SseEvent = { event: 'message', data: '', at: performance.now() };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) client.comments += 1;
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              e.data += line.slice(6);
              hasData = true;
            } else if (line.startsWith('id: ')) e.id = line.slice(4);
          }
          if (hasData) {
            events.push(e);
            for (const l of listeners) l(e);
          }
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      // aborted
    }
    for (const w of [...waiters]) w();
  })();
  return client;
}

export const eventsOf = <T>(events: SseEvent[], name: string): T[] =>
  events.filter((e) => e.event === name).map((e) => JSON.parse(e.data) as T);
