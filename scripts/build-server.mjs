// Bundles src/server/main.ts into dist/server/main.js, and beside it demo-draw.js, the thread that
// draws the demo's photos on a first start (src/server/demo/draw-pool.ts); npm packages stay external.
import { build } from 'esbuild';

for (const [entry, out] of [
  ['src/server/main.ts', 'main.js'],
  ['src/server/demo/draw-worker.ts', 'demo-draw.js'],
]) {
  await build({
    entryPoints: [entry],
    outfile: `${process.env.YS_DIST ?? 'dist'}/server/${out}`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  console.log(`built ${process.env.YS_DIST ?? 'dist'}/server/${out}`);
}
