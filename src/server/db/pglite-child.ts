import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The embedded database's child process (ADR 030): started, killed, and never left behind.

const WORKER_PATH = fileURLToPath(new URL('./pglite-worker.mjs', import.meta.url));

// Children still running when this process exits are killed with it; a child whose parent dies
// without exiting (SIGKILL) exits itself when the IPC channel closes (pglite-worker.mjs).
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

// A database process for dir. No inherited flags (Vitest's, --cpu-prof): the child runs the plain
// .mjs file, with its own. 'advanced' serialization carries what a worker's postMessage did (Uint8Array, BigInt,
// Date). Two malloc arenas, unless set otherwise (ADR 047): glibc's default of eight per core keeps
// freed memory in each. Fixed trim and mmap thresholds (128 KB, glibc's starting values): glibc
// otherwise raises both after the first large free (up to 32 and 64 MB), and memory freed during
// start stays held. Measured 15 s after start: 147-162 MB instead of 182-219 MB.
export function startChild(dir: string): ChildProcess {
  const child = fork(WORKER_PATH, [dir], {
    serialization: 'advanced',
    // A young generation of 1 MB (ADR 047): measured, 192 MB instead of 250 MB after 8,000 requests.
    execArgv: ['--max-semi-space-size=1'],
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function kill(child: ChildProcess): void {
  children.delete(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// Until the child has exited (its files are closed), or ms have passed.
export function exited(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
