// Bundles src/server/main.ts into dist/server/main.js; npm packages stay external. The embedded
// database's thread (plain JavaScript) is copied beside it (ADR 030).
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
  sourcemap: true,
  logLevel: 'warning',
});
fs.copyFileSync(
  'src/server/db/pglite-worker.mjs',
  `${process.env.YS_DIST ?? 'dist'}/server/pglite-worker.mjs`,
);
console.log(`built ${process.env.YS_DIST ?? 'dist'}/server/main.js`);
