import os from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './vite.config.ts';

// Unit and API tests. The API suite runs once on PGlite and, when TEST_DATABASE_URL is set,
// once more on PostgreSQL (project "api-pg").
const apiFiles = ['src/server/**/*.test.ts'];
const projects = [
  {
    extends: true as const,
    test: {
      name: 'unit',
      include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts', 'scripts/**/*.test.ts'],
    },
  },
  // Component tests: screens rendered by Testing Library on jsdom, their requests answered by the test.
  {
    extends: true as const,
    test: {
      name: 'components',
      include: ['src/client/**/*.test.tsx'],
      environment: 'jsdom',
      setupFiles: ['src/client/testing/setup.ts'],
    },
  },
  {
    extends: true as const,
    test: {
      name: 'api',
      include: apiFiles,
      globalSetup: ['src/server/testing/global-setup.ts'],
      env: { TEST_DB: 'pglite' },
      testTimeout: 60_000,
      hookTimeout: 60_000,
      isolate: false,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true as const,
    test: {
      name: 'api-pg',
      include: apiFiles,
      globalSetup: ['src/server/testing/global-setup.ts'],
      env: { TEST_DB: 'postgres' },
      testTimeout: 60_000,
      hookTimeout: 60_000,
      isolate: false,
    },
  });
}

// At least two test files at a time, even on 2 cores (Vitest's default there is one): an API test
// spends much of its time waiting on its database process, and the second file fills that idle
// CPU (ADR 030: 477 s against 693 s for both API projects).
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({ plugins: [linguiMacros(), lingui()], test: { projects, maxWorkers } });
