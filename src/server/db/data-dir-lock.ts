import fs from 'node:fs';
import path from 'node:path';

// PGlite data may be open in one process only: a second one corrupts it. The holder writes its pid
// to this file in DATA_DIR; a lock whose pid no longer runs is taken over.
export const LOCK_FILE = 'pglite.lock';
const heldLocks = new Set<string>();

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  code = 'DATA_DIR_LOCKED';
  constructor(dataDir: string, pid: number) {
    super(
      pid === process.pid
        ? `The database in ${dataDir} is already open in this process.`
        : `The database in ${dataDir} is in use by another process (pid ${pid}). ` +
            'Only one process can open it at a time: stop that process (the server) first. ' +
            `If it is not a Yardshare process, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.dataDir = dataDir;
    this.pid = pid;
    this.name = 'DataDirLockedError';
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// The pid in a lock file; 0 when it is missing or holds no number.
const readPid = (file: string) => {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8'), 10) || 0;
  } catch {
    return 0;
  }
};

// Takes the lock or throws DataDirLockedError. Returns the release function.
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  if (heldLocks.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  // Written aside then linked into place, so the lock never exists without its pid.
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, `${process.pid}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(tmp, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const pid = readPid(file);
      // Our own pid here is a lock left by an earlier process that had the same pid.
      if ((pid > 0 && pid !== process.pid && isRunning(pid)) || attempt > 2)
        throw new DataDirLockedError(dataDir, pid);
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  heldLocks.add(file);
  return () => {
    heldLocks.delete(file);
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
}
