// One lint setup for the whole repository (run by `npm test`).
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './eslint.layers.js';

/**
 * Import boundaries (bulletproof-react's rule, with ESLint's own no-restricted-imports): the web client
 * sees only the contract of the backend; a feature does not reach into another; shared code into no
 * feature; the contract (shared with the browser) into nothing outside itself; the workers into none
 * of the API process's parts (routes, Express, the Socket.IO server).
 */
const FEATURES = fs.readdirSync(new URL('./frontend/src/features', import.meta.url));
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const OTHER_WORKSPACES = {
  regex: '^\\.\\.?/(.*/)?(backend|workers|frontend)/src/',
  message: 'Import another workspace by its package name.',
};
const BOUNDARIES = [
  restrict(
    ['frontend/**/*.{ts,tsx}'],
    [
      {
        group: ['@kino/backend/*', '!@kino/backend/contract', '@kino/workers'],
        message: 'The web client sees only the contract.',
      },
      OTHER_WORKSPACES,
    ],
  ),
  ...FEATURES.map((feature) =>
    restrict(
      [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
      [
        {
          group: ['@kino/backend/*', '!@kino/backend/contract', '@kino/workers'],
          message: 'The web client sees only the contract.',
        },
        OTHER_WORKSPACES,
        {
          regex: `^(\\.\\./)+(${FEATURES.filter((f) => f !== feature).join('|')})/`,
          message: 'Features do not import each other: move what both need to shared/, or compose them in app/.',
        },
      ],
    ),
  ),
  restrict(
    ['frontend/src/shared/**/*.{ts,tsx}'],
    [
      {
        group: ['@kino/backend/*', '!@kino/backend/contract', '@kino/workers'],
        message: 'The web client sees only the contract.',
      },
      OTHER_WORKSPACES,
      { regex: '(^|/)(features|app)/', message: 'Shared code does not depend on features or the app.' },
    ],
  ),
  restrict(
    ['backend/**/*.ts'],
    [
      {
        group: ['@kino/workers', '@kino/frontend'],
        message: 'The backend does not depend on the workers or the web client.',
      },
      OTHER_WORKSPACES,
    ],
    // Tests may run a whole flow, workers included (a reset mail sent by the mail job).
    ['**/*.test.ts'],
  ),
  // After the backend's entry: for the contract's files this one is the rule.
  restrict(
    ['backend/src/contract/**/*.ts'],
    [
      { regex: '^\\.\\./', message: 'The contract is shared with the browser: it imports only itself and zod.' },
      { group: ['@kino/*'], message: 'The contract is shared with the browser: it imports only itself and zod.' },
    ],
  ),
  restrict(
    ['workers/src/**/*.ts'],
    [
      {
        regex:
          '^@kino/backend/(server|app|modules/[\\w-]+/routes|realtime(/index)?|modules/seats/(sockets|sweeper)|lib/http/(api-router|middleware|upload))$',
        message:
          'Workers are not the API process: no routes, no Express, no Socket.IO server (push through effects or the emitter).',
      },
      OTHER_WORKSPACES,
    ],
  ),
];

const NO_CONSOLE_LOG = {
  selector: "CallExpression[callee.object.name='console'][callee.property.name='log']",
  message: 'Use the logger.',
};
/**
 * "Now" is the context's clock (docs/architecture.md, "The clock"): the rules and records of the API and
 * the workers read `ctx.clock.now()`, so tests move a ManualClock instead of waiting. Elapsed time
 * (timeouts, ages of caches) is `performance.now()`.
 */
const NOW_IS_THE_CLOCK = 'Read "now" from ctx.clock.now() (docs/architecture.md, "The clock").';
const NO_WALL_CLOCK = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: NOW_IS_THE_CLOCK },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: NOW_IS_THE_CLOCK },
  // The browser's "now" (contract/time.ts).
  { selector: "CallExpression[callee.name='cinemaNow']", message: NOW_IS_THE_CLOCK },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', NO_CONSOLE_LOG],
    },
  },
  {
    files: [
      'backend/src/modules/**/*.ts',
      'backend/src/realtime/**/*.ts',
      'backend/src/web/**/*.ts',
      'workers/src/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_CONSOLE_LOG, ...NO_WALL_CLOCK] },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Files served as they are (frontend/public): classic browser scripts.
  { files: ['frontend/public/**/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  ...BOUNDARIES,
  // The backend's layers and the workers' use of module facades (eslint.layers.js).
  {
    files: ['backend/src/**/*.ts', 'workers/src/**/*.ts'],
    plugins: { kino: layersPlugin },
    rules: { 'kino/layers': 'error' },
  },
  {
    files: ['scripts/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
