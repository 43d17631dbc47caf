import sharp from 'sharp';

// Image work within fixed bounds (ADR 047). libvips, under sharp, runs each pipeline on a thread
// pool as wide as the machine, and keeps a cache of recent operations (50 MB by default): memory
// that grows with how many images are worked on at once and never comes back to the allocator.
// Every decode and encode of the server goes through `imageWork`, so at most `jobs` run at once,
// each on `threads` libvips threads, with libvips' cache off (each upload is new bytes: nothing in
// it is ever reused).

export type ImageLimits = { jobs: number; threads: number };

let limits: ImageLimits = { jobs: 2, threads: 1 };
let running = 0;
const waiting: (() => void)[] = [];
// The most pipelines seen running at once (tests, benchmarks).
export const imageStats = { peak: 0, done: 0 };

export function setImageLimits(next: ImageLimits): void {
  limits = next;
  sharp.concurrency(next.threads);
  sharp.cache(false);
}

// A finished job hands its slot straight to the first in line, so a newcomer never slips past it.
export async function imageWork<T>(work: () => Promise<T>): Promise<T> {
  if (running >= limits.jobs) await new Promise<void>((r) => waiting.push(r));
  else running++;
  imageStats.peak = Math.max(imageStats.peak, running);
  try {
    return await work();
  } finally {
    imageStats.done++;
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
