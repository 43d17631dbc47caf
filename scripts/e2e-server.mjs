// The built app on a throwaway PGlite data dir, for Playwright.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '3210';
process.env.HOST = '127.0.0.1';
process.env.NODE_ENV = 'production';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.LOG_LEVEL ??= 'warn';
delete process.env.DATABASE_URL;
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
const dist = path.resolve(process.env.YS_DIST ?? 'dist');
await import(path.join(dist, 'server', 'main.js'));
