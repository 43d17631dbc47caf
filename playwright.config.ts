import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser flows against the built app (npm run build), on Debian's Chromium: no browser download.
// Most flows run in Debian's chromium-headless-shell (the same Blink and V8 without the desktop
// browser around them, as Playwright's own headless default): about 28 % less time for the same
// tests (ADR 043). The PostgreSQL flows and the first start run in the full /usr/bin/chromium, so
// both stay tested; without the shell, everything runs in the full browser.
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shellPath = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const headlessShell = process.env.CHROMIUM_PATH || !fs.existsSync(shellPath) ? fullChromium : shellPath;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const browserAt = (executablePath: string) => ({ launchOptions: { executablePath, args: chromiumArgs } });
const port = Number(process.env.E2E_PORT ?? 3210);
const pgPort = process.env.TEST_DATABASE_URL ? port + 1 : null;
// The Coinbase flow's app (PAYMENT_PROVIDER=coinbase), its test Coinbase on the port after it (clear
// of the specs' own servers on +3, +4 and +5).
const coinbasePort = port + 6;
// SIGTERM, so scripts/e2e-server.mjs removes its DATA_DIR and database (Playwright's default is SIGKILL).
const stopGently = { signal: 'SIGTERM', timeout: 10_000 } as const;
export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties it at each run, while screenshots in test-results/screens stay.
  outputDir: '.tmp/playwright-output',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...browserAt(fullChromium),
    trace: 'off',
  },
  projects: [
    {
      name: 'pglite',
      testIgnore: /(first-start|coinbase)\.spec\.ts/,
      use: browserAt(headlessShell),
    },
    // Paying through Coinbase Business (ADR 046): its own app, on the test Coinbase.
    {
      name: 'coinbase',
      testMatch: /coinbase\.spec\.ts/,
      use: { ...browserAt(headlessShell), baseURL: `http://127.0.0.1:${coinbasePort}` },
    },
    // npm start on a fresh DATA_DIR, demo seeding on: the spec starts that server itself, here.
    {
      name: 'first-start',
      testMatch: /first-start\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${port + 3}` },
    },
    // The flows where the two engines differ most (locking: capacity, payments) run on
    // PostgreSQL too, against a second server, when TEST_DATABASE_URL is set.
    ...(pgPort
      ? [
          {
            name: 'postgres',
            testMatch: /(bookings|payments)\.spec\.ts/,
            use: { baseURL: `http://127.0.0.1:${pgPort}` },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: `node scripts/e2e-coinbase.mjs`,
      url: `http://127.0.0.1:${coinbasePort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: stopGently,
      env: { E2E_PORT: String(coinbasePort) },
    },
    {
      command: `node scripts/e2e-server.mjs`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: stopGently,
      env: { E2E_PORT: String(port) },
    },
    ...(pgPort
      ? [
          {
            command: `node scripts/e2e-server.mjs`,
            url: `http://127.0.0.1:${pgPort}/api/health`,
            reuseExistingServer: false,
            timeout: 120_000,
            gracefulShutdown: stopGently,
            env: { E2E_PORT: String(pgPort), E2E_DB: 'postgres' },
          },
        ]
      : []),
  ],
});
