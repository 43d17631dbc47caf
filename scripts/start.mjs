// npm start: build what is missing, then run the server.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('dist/client/index.html') || !fs.existsSync('dist/ssr/entry-server.js'))
  execSync('npm run build:client', { stdio: 'inherit' });
if (!fs.existsSync('dist/server/main.js')) execSync('npm run build:server', { stdio: 'inherit' });
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
