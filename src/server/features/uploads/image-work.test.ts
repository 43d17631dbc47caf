import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageStats, imageWork, setImageLimits } from '../../core/image-work.ts';
import { processImage } from './uploads.service.ts';

// Image work within fixed bounds (ADR 047): however many uploads arrive at once, at most IMAGE_JOBS
// pipelines run, each on IMAGE_THREADS libvips threads, with libvips' operation cache off.
const photo = (seed: number) =>
  sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: seed % 255, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();

describe('image work', () => {
  it('runs at most IMAGE_JOBS pipelines at once, on IMAGE_THREADS threads each, and all finish', async () => {
    setImageLimits({ jobs: 2, threads: 1 });
    const inputs = await Promise.all(Array.from({ length: 12 }, (_, i) => photo(i)));
    imageStats.peak = 0;
    const done = imageStats.done;
    const out = await Promise.all(inputs.map((b) => processImage(b)));
    expect(out.every((o) => o.bytes.length > 0)).toBe(true);
    expect(imageStats.peak).toBe(2);
    expect(imageStats.done - done).toBe(12);
    // Loaded by the first job, with the limits applied.
    expect(imageStats.loaded).toBe(true);
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
  });

  it('hands a freed slot to the first in line, so a newcomer never makes a third', async () => {
    setImageLimits({ jobs: 2, threads: 1 });
    imageStats.peak = 0;
    let inFlight = 0;
    let most = 0;
    const job = () =>
      imageWork(async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setImmediate(r));
        inFlight--;
      });
    const first = Array.from({ length: 5 }, job);
    // Newcomers arrive while the first ones finish.
    await Promise.resolve();
    const later = Array.from({ length: 5 }, job);
    await Promise.all([...first, ...later]);
    expect(most).toBe(2);
  });

  it('frees its slot when the work fails', async () => {
    setImageLimits({ jobs: 1, threads: 1 });
    await expect(imageWork(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(imageWork(async () => 'next')).resolves.toBe('next');
    setImageLimits({ jobs: 2, threads: 1 });
  });
});
