import type SharpModule from 'sharp';

// Image work within fixed bounds (ADR 047). libvips, under sharp, runs each pipeline on a thread
// pool as wide as the machine, and keeps a cache of recent operations (50 MB by default): memory
// that grows with how many images are worked on at once and never comes back to the allocator.
// Every decode and encode of the server goes through `imageWork`, so at most `jobs` run at once,
// each on `threads` libvips threads, with libvips' cache off (each upload is new bytes: nothing in
// it is ever reused). sharp itself (libvips: about 21 MB resident) is loaded by the first image
// job, not at start: a server that is only read never holds it.

export type Sharp = typeof SharpModule;
export type ImageLimits = { jobs: number; threads: number };

let limits: ImageLimits = { jobs: 2, threads: 1 };
let running = 0;
const waiting: (() => void)[] = [];
let loading: Promise<Sharp> | null = null;
// The most pipelines seen running at once, and whether sharp is loaded (tests, benchmarks).
export const imageStats = { peak: 0, done: 0, loaded: false };

const apply = (sharp: Sharp) => {
  sharp.concurrency(limits.threads);
  sharp.cache(false);
  return sharp;
};

// sharp itself, loaded once (the demo's drawing uses it outside the slots).
export function sharpModule(): Promise<Sharp> {
  loading ??= import('sharp').then((m) => {
    imageStats.loaded = true;
    return apply(m.default);
  });
  return loading;
}

export function setImageLimits(next: ImageLimits): void {
  limits = next;
  if (loading) void loading.then(apply);
}

// A finished job hands its slot straight to the first in line, so a newcomer never slips past it.
export async function imageWork<T>(work: (sharp: Sharp) => Promise<T>): Promise<T> {
  const sharp = await sharpModule();
  if (running >= limits.jobs) await new Promise<void>((r) => waiting.push(r));
  else running++;
  imageStats.peak = Math.max(imageStats.peak, running);
  try {
    return await work(sharp);
  } finally {
    imageStats.done++;
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
