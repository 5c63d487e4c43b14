import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'browser-logic',
          environment: 'jsdom',
          include: ['tests/machines/**/*.test.{ts,tsx}', 'tests/models/**/*.test.{ts,tsx}', 'tests/views/**/*.test.{ts,tsx}', 'tests/shared/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
          // Screens load lazily and the machine may be busy: a view test gets more than the default 5 s.
          testTimeout: 20_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // One embedded PostgreSQL server for the run, with template databases each file clones.
          globalSetup: ['tests/setup/databases.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time suit a two-core machine.
          maxWorkers: 2,
          // A project with its own maxWorkers runs in its own group, after the browser-logic tests.
          sequence: { groupOrder: 1 },
        },
      },
    ],
    exclude: ['tests/e2e/**', 'node_modules/**'],
  },
});
