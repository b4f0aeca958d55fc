import { defineConfig } from 'vitest/config';

const services = './backend/src/testing/global-setup.ts';

/**
 * One `vitest run` runs every suite:
 * - backend, workers: unit and API integration tests against a real database and real Redis;
 * - frontend: rules and components;
 * - system: the real entry points started as child processes;
 * - faults: real processes over a real PostgreSQL and Redis, broken on purpose (signals, kill -9, outages);
 * - e2e: Chromium (puppeteer-core) against the built site served by a real API.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'backend',
          include: ['backend/src/**/*.test.ts'],
          globalSetup: [services],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'workers',
          include: ['workers/src/**/*.test.ts'],
          globalSetup: [services],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'frontend', include: ['frontend/src/**/*.test.{ts,tsx}'] } },
      // Whole processes as an operator runs them: start-up, failures, the compose file.
      {
        test: { name: 'system', include: ['tests/system/**/*.test.ts'], globalSetup: [services], testTimeout: 90_000 },
      },
      // Three API and two worker processes against PostgreSQL and Redis, as the compose file scales them.
      {
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Several Kino processes per file: one file at a time on two cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The bill is per day: the suite does not start in the last minutes before the cinema's midnight.
          globalSetup: [services, './tests/e2e/support/clock.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Chromium is heavy on two cores: one browser at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
