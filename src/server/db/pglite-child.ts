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
// .mjs file. 'advanced' serialization carries what a worker's postMessage did (Uint8Array, BigInt,
// Date).
export function startChild(dir: string): ChildProcess {
  const child = fork(WORKER_PATH, [dir], { serialization: 'advanced', execArgv: [] });
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
