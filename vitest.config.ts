import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ALIASES } from './aliases.ts';
import { TEST_RUN_PASSWORD_ENV } from './tests/support/password-work-factor.ts';

/** Tests that run on the server side (node, with the test databases). */
const SERVER_TESTS = ['tests/**/*.api.test.ts', 'tests/**/*.server.test.ts'];
/** The browser app's tests: machine, path, view and unit tests, beside their feature or in shared/ and app/. */
const BROWSER_DIRS = ['tests/features', 'tests/shared', 'tests/app'];
const BROWSER_TEST = /\.test\.tsx?$/;
/**
 * Browser-side test files that replace a module (`vi.mock`, `vi.doMock`): a replacement only takes
 * when the modules importing it are evaluated afresh, so these files run isolated (docs/adr/0265).
 */
const MOCKING_FILES = BROWSER_DIRS.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
    .filter((file) => BROWSER_TEST.test(file) && !/\.(api|server)\.test\.ts$/.test(file) && /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8'))),
);
/** The browser side's environment, setup and limits, shared by its two projects. */
const BROWSER_PROJECT = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/setup/dom.ts'],
  // Screens load lazily and the machine may be busy: a view test gets more than the default 5 s.
  testTimeout: 20_000,
  // Both cores: left unset, a two-core machine runs these files one at a time.
  maxWorkers: 2,
  sequence: { groupOrder: 0 },
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: ALIASES },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...BROWSER_PROJECT,
          name: 'browser-logic',
          include: BROWSER_DIRS.map((dir) => `${dir}/**/*.test.{ts,tsx}`),
          exclude: [...SERVER_TESTS, ...MOCKING_FILES],
          // A worker keeps its jsdom window and the modules it imported from one file to the next
          // (docs/adr/0265): tests/setup/dom.ts puts back what a file changed (storage, timers,
          // stubbed globals, the page's address, title and theme, the notices and toasts).
          isolate: false,
        },
      },
      // (An empty include would mean vitest's default one: no project when no file replaces a module.)
      ...(MOCKING_FILES.length > 0 ? [{ extends: true as const, test: { ...BROWSER_PROJECT, name: 'browser-mocking', include: MOCKING_FILES } }] : []),
      {
        extends: true,
        test: {
          name: 'architecture',
          environment: 'node',
          // The import walls, linted over a fixture tree that breaks each one.
          include: ['tests/architecture/**/*.test.ts'],
          testTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // API tests (`*.api.test.ts`) and other server-side tests (`*.server.test.ts`) beside their feature, and the platform's.
          // The operations suite (tests/ops): two app servers behind HAProxy on one PostgreSQL.
          include: [...SERVER_TESTS, 'tests/platform/**/*.test.ts', 'tests/ops/**/*.ops.test.ts'],
          // One embedded PostgreSQL server for the run, with template databases each file clones.
          globalSetup: ['tests/setup/databases.ts'],
          // A cheap password hash (scrypt N=2^10, test runs only): the product keeps 2^17 (docs/adr/0252).
          env: { ...TEST_RUN_PASSWORD_ENV },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time suit a two-core machine.
          maxWorkers: 2,
          // A worker imports the server's modules once for all the files it runs, instead of once per
          // file (docs/adr/0264): each file has its own databases and its own app, and state a file
          // changes (env stubs, fake timers, the module registry) it restores after itself.
          isolate: false,
          // A project with its own maxWorkers runs in its own group, after the browser-logic tests.
          sequence: { groupOrder: 1 },
        },
      },
    ],
    exclude: ['tests/e2e/**', 'node_modules/**'],
  },
});
