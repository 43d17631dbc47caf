// Bundles src/server/main.ts into dist/server/main.js, and the calendar feeds' and the CPU pool's
// workers beside it; npm packages stay external. The embedded database's thread (plain JavaScript)
// is copied beside it (ADR 030).
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${process.env.YS_DIST ?? 'dist'}/server/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  // Runs before everything else, so it stays a module of its own, copied beside main.js (ADR 047).
  external: ['./ops/small-allocator.mjs'],
  sourcemap: true,
  logLevel: 'warning',
});
// The calendar feeds' worker thread (ADR 055): an entry of its own beside main.js, where
// feed-pool.ts looks for it.
await build({
  entryPoints: ['src/server/features/calendars/feed-worker.ts'],
  outfile: `${process.env.YS_DIST ?? 'dist'}/server/calendar-feed-worker.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The CPU pool's worker thread (ADR 055): beside main.js, where core/cpu-pool.ts looks for it.
await build({
  entryPoints: ['src/server/core/cpu-worker.ts'],
  outfile: `${process.env.YS_DIST ?? 'dist'}/server/cpu-worker.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.copyFileSync(
  'src/server/db/pglite-worker.mjs',
  `${process.env.YS_DIST ?? 'dist'}/server/pglite-worker.mjs`,
);
fs.mkdirSync(`${process.env.YS_DIST ?? 'dist'}/server/ops`, { recursive: true });
fs.copyFileSync(
  'src/server/ops/small-allocator.mjs',
  `${process.env.YS_DIST ?? 'dist'}/server/ops/small-allocator.mjs`,
);
console.log(`built ${process.env.YS_DIST ?? 'dist'}/server/main.js`);
