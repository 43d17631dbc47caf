import { parentPort } from 'node:worker_threads';
import { type DrawJob, drawJob } from './draw-pool.ts';
import { SpriteCache } from './sprites.ts';

// A thread that draws demo pictures for seedDemo (draw-pool.ts): { id, job } in, { id, data } out.
const sprites = new SpriteCache();
parentPort?.on('message', async ({ id, job }: { id: number; job: DrawJob }) => {
  try {
    const data = await drawJob(job, sprites);
    parentPort?.postMessage({ id, data });
  } catch (err) {
    parentPort?.postMessage({ id, error: String((err as Error)?.stack ?? err) });
  }
});
