// npm start: build what is missing, then run the server.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('dist/client/index.html') || !fs.existsSync('dist/ssr/entry-server.js'))
  execSync('npm run build:client', { stdio: 'inherit' });
if (
  !fs.existsSync('dist/server/main.js') ||
  !fs.existsSync('dist/server/pglite-worker.mjs') ||
  !fs.existsSync('dist/server/ops/small-allocator.mjs')
)
  execSync('npm run build:server', { stdio: 'inherit' });
// Settings from .env first, so the defaults below never shadow them.
if (fs.existsSync('.env')) process.loadEnvFile('.env');
process.env.NODE_ENV ??= 'production';
// Production needs PUBLIC_URL; on a machine of one's own it is this machine's address, which
// visitors on other loopback names are sent to (ADR 052).
if (!process.env.PUBLIC_URL) {
  const { defaultPublicUrl, defaultPublicUrlWarning } = await import('../src/server/local-origin.ts');
  process.env.PUBLIC_URL = defaultPublicUrl(process.env.HOST, process.env.PORT);
  console.warn(defaultPublicUrlWarning(process.env.PUBLIC_URL, process.env.HOST));
}
try {
  await import('../dist/server/main.js');
} catch (err) {
  // The embedded database is open in another process: say so without a stack trace.
  if (err?.code !== 'DATA_DIR_LOCKED') throw err;
  console.error(err.message);
  process.exit(1);
}
