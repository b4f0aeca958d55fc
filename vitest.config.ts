import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/sequencer';

const services = './backend/src/testing/global-setup.ts';

/**
 * One `vitest run` runs every suite:
 * - backend, workers: unit and API integration tests against a real database and real Redis;
 * - frontend: rules and components;
 * - system: the real entry points started as child processes;
 * - faults: real processes over a real PostgreSQL and Redis, broken on purpose (signals, kill -9, outages);
 * - e2e: Chromium (puppeteer-core) against the built site served by a real API.
 *
 * On the two-core CI machine the suites run in three rounds (`sequence.groupOrder`; a round's projects
 * share one pool of workers):
 * 1. the in-process round: backend, workers, frontend and e2e files, three at a time. A browser file
 *    waits on its pages most of the time (about half a core), so browser files beside unit files keep
 *    both cores busy, where one browser file after another left one idle;
 * 2. system and scale, whose files start whole processes, one at a time;
 * 3. faults, one file at a time (vitest runs a project of single, isolated files last).
 *
 * Files of the first round share their worker's modules (`isolate: false`): each file starts its own
 * context (database, Redis prefix, API, browser) and nothing of ours keeps state in a module, so the
 * server's module graph is imported once per worker instead of once per file. The files that watch the
 * process itself (unheard rejections) keep a process of their own (project backend-alone).
 *
 * Within a round the longest files start first, whatever their project (tests/sequencer.ts).
 */
const PROCESS_WATCHERS = ['backend/src/realtime/shutdown.test.ts'];
/**
 * The money paths' scenarios (docs/architecture.md, "Lifecycles"): with DATABASE_URL they run on that
 * PostgreSQL in project backend and again on the embedded database (PGlite, as the demo runs) in project
 * backend-embedded; without it, backend already runs them on PGlite.
 */
const BOTH_DATABASES = [
  'backend/src/modules/orders/lifecycle.test.ts',
  'backend/src/modules/orders/late-payment.test.ts',
  'backend/src/modules/orders/payment-lifecycle.test.ts',
  'backend/src/modules/orders/lock-races.test.ts',
  'backend/src/modules/orders/ticket-refund.test.ts',
  'backend/src/modules/orders/refusals.test.ts',
  'backend/src/modules/pushkin/pushkin.test.ts',
  'backend/src/modules/schedules/change.test.ts',
  'backend/src/modules/seats/give-back.test.ts',
  'backend/src/modules/auth/password-reset.test.ts',
];
const IN_PROCESS_ROUND = { sequence: { groupOrder: 0 }, maxWorkers: 3, isolate: false };
const PROCESS_ROUND = { sequence: { groupOrder: 1 }, maxWorkers: 1 };

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'backend',
          include: ['backend/src/**/*.test.ts'],
          exclude: PROCESS_WATCHERS,
          ...IN_PROCESS_ROUND,
          globalSetup: [services],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'backend-embedded',
                include: BOTH_DATABASES,
                ...IN_PROCESS_ROUND,
                globalSetup: ['./backend/src/testing/global-setup-embedded.ts'],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'backend-alone',
          include: PROCESS_WATCHERS,
          ...IN_PROCESS_ROUND,
          isolate: true,
          globalSetup: [services],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'workers',
          include: ['workers/src/**/*.test.ts'],
          ...IN_PROCESS_ROUND,
          globalSetup: [services],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      // Component tests keep a fresh DOM and module graph per file.
      { test: { name: 'frontend', include: ['frontend/src/**/*.test.{ts,tsx}'], ...IN_PROCESS_ROUND, isolate: true } },
      // Whole processes as an operator runs them: start-up, failures, the compose file.
      {
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          globalSetup: [services],
          testTimeout: 90_000,
          ...PROCESS_ROUND,
        },
      },
      // Three API and two worker processes against PostgreSQL and Redis, as the compose file scales them.
      {
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          ...PROCESS_ROUND,
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
          // A browser journey that times out while three browsers start together on two cores runs once more
          // (a wrong page fails both times); seats.test.ts and session-change.test.ts timed out so at load 13.
          retry: 1,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [services],
          // The bill is per day: a file that starts just before the cinema's midnight runs just after it.
          setupFiles: ['./tests/e2e/support/setup-clock.ts'],
          ...IN_PROCESS_ROUND,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
