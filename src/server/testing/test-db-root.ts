import fs from 'node:fs';
import os from 'node:os';

// Where test databases live: memory (/dev/shm) where the machine has it, for speed; else the temp dir.
export function testDbRoot(): string {
  const shm = '/dev/shm';
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    return shm;
  } catch {
    return os.tmpdir();
  }
}
