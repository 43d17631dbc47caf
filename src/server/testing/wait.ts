// Waiting in tests without racing the clock (issue 35). A test waits for the event it needs (a
// promise a listener resolves, an SSE message, a hook) or moves a fake clock; the bound below is
// only the point at which a wait that will never end is reported, by name, instead of the runner's
// test timeout. It is far beyond what any healthy run needs on a loaded 2-core machine (a live
// message or a reconnect takes milliseconds there) and well under the 30 s test timeout.
export const WAIT_MS = 15_000;

export type WaitOptions = {
  // What is awaited, for the failure message: "the LISTEN connection to come back".
  what: string;
  timeoutMs?: number;
};

export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
}

const timedOut = (what: string, ms: number) =>
  new WaitTimeoutError(`Timed out after ${ms} ms waiting for ${what}`);

// The promise's value, or a failure naming `what` once timeoutMs have passed without it.
export async function waitFor<T>(
  promise: PromiseLike<T>,
  { what, timeoutMs = WAIT_MS }: WaitOptions,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timedOut(what, timeoutMs)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// For a state with no event to wait on (a flag another connection sets): checks every intervalMs
// and resolves with the first truthy value check returns; fails naming `what` after timeoutMs.
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  { what, timeoutMs = WAIT_MS, intervalMs = 20 }: WaitOptions & { intervalMs?: number },
): Promise<NonNullable<T>> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (performance.now() >= until) throw timedOut(what, timeoutMs);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

// A promise with its resolve, for a listener or hook to settle: `const ready = signal(); ... ready.resolve()`.
export type Signal<T = void> = Promise<T> & { resolve: (value: T) => void };
export function signal<T = void>(): Signal<T> {
  let resolve!: (value: T) => void;
  const p = new Promise<T>((r) => {
    resolve = r;
  });
  return Object.assign(p, { resolve });
}
