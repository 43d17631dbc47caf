import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Look, renderAvatar } from './avatars.ts';
import { type PhotoSpec, renderPhoto } from './photos.ts';
import { SpriteCache } from './sprites.ts';

// Who draws the demo's pictures. Half of a photo's cost is JavaScript (placing plants, grading the
// light), so the built server draws on worker threads, one per core (at most 4), each with its own
// sprites; elsewhere (tests, npm run seed from the sources) it draws in this thread.
export type DrawJob = { kind: 'photo'; spec: PhotoSpec } | { kind: 'avatar'; look: Look; seed: number };
export type Drawer = {
  // How many jobs to keep in flight.
  concurrency: number;
  threads: number;
  draw(job: DrawJob): Promise<Buffer>;
  close(): Promise<void>;
};

export function drawJob(job: DrawJob, sprites: SpriteCache): Promise<Buffer> {
  return job.kind === 'photo' ? renderPhoto(job.spec, sprites) : renderAvatar(job.look, job.seed);
}

function inThisThread(): Drawer {
  const sprites = new SpriteCache();
  return { concurrency: 3, threads: 0, draw: (job) => drawJob(job, sprites), close: async () => {} };
}

// The worker script the build writes beside main.js (scripts/build-server.mjs).
const SCRIPT = new URL('./demo-draw.js', import.meta.url);

type Reply = { id: number; data?: Uint8Array; error?: string };

export function createDrawer(): Drawer {
  const n = Math.min(4, os.availableParallelism());
  if (n < 2 || SCRIPT.protocol !== 'file:' || !fs.existsSync(fileURLToPath(SCRIPT))) return inThisThread();
  const pending = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();
  const busy = new Array<number>(n).fill(0);
  let nextId = 0;
  let failed: Error | null = null;
  const workers = Array.from({ length: n }, (_, w) => {
    const worker = new Worker(SCRIPT);
    worker.on('message', (m: Reply) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      busy[w] -= 1;
      if (m.data) p.resolve(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
      else p.reject(new Error(m.error ?? 'drawing failed'));
    });
    const fail = (err: Error) => {
      failed ??= err;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`a demo drawing thread exited with ${code}`));
    });
    return worker;
  });
  return {
    concurrency: n * 2,
    threads: n,
    draw(job) {
      if (failed) return Promise.reject(failed);
      const w = busy.indexOf(Math.min(...busy));
      busy[w] += 1;
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        workers[w].postMessage({ id, job });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
