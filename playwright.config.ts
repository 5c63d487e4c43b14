import { defineConfig, devices } from '@playwright/test';
import { TEST_RUN_PASSWORD_ENV } from './tests/support/password-work-factor.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** Screenshot specs (`*.visual.spec.ts`) get a server of their own, so other specs' writes never change what they see. */
export const E2E_VISUAL_PORT = E2E_PORT + 1;
const VISUAL_SPECS = /\.visual\.spec\.ts$/;
/** Each server's data folder is named by its port, so runs on other ports never share one. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${E2E_PORT}`;
const E2E_VISUAL_DATA_DIR = `.tmp/e2e-data-${E2E_VISUAL_PORT}`;
/** Lets the e2e servers store mailbox passwords (Email in); a key for tests only. */
const E2E_MAIL_SECRET_KEY = 'e2e-only-mail-channel-key-not-a-secret-0001';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The tests' browser: Debian's headless shell of the same Chromium (docs/adr/0270), the browser
 * without its windowing and profile layers, as Playwright's own installs use for headless runs.
 */
const HEADLESS_SHELL = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Debian's Chromium, quiet on a closed network (ARCHITECTURE.md): the benchmarks' browser. */
export const chromiumLaunchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** The end-to-end tests' and the bundle check's browser: the same switches on the headless shell. */
export const testLaunchOptions = { ...chromiumLaunchOptions, executablePath: HEADLESS_SHELL };

export default defineConfig({
  testDir: 'tests/e2e',
  // Spec files run side by side on two workers; the tests inside one file run in order.
  fullyParallel: false,
  workers: 2,
  // A journey that passes only on its second try is listed as flaky in the report and fixed
  // (docs/adr/0178-one-retry-for-journeys.md); it does not stop the build.
  retries: 1,
  // A journey (sign-ins, screenshots in both themes at two sizes, axe) takes 20–60 s on a quiet
  // two-core machine and twice that when the machine is busy: its bound is for a run that hangs.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // The JSON report keeps every test's duration, to see where the suite's time goes.
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Recording a trace of every attempt (snapshots of every step) costs the browser CPU the
    // journeys need on two cores: a failed journey is traced on its retry.
    trace: 'on-first-retry',
    launchOptions: testLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: VISUAL_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: testLaunchOptions },
    },
    {
      name: 'visual',
      testMatch: VISUAL_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: testLaunchOptions, baseURL: `http://127.0.0.1:${E2E_VISUAL_PORT}` },
    },
  ],
  webServer: [server(E2E_PORT, E2E_DATA_DIR), server(E2E_VISUAL_PORT, E2E_VISUAL_DATA_DIR)],
});

/** The production build served as `npm start` serves it, on a fresh embedded database with the demo data. */
function server(port: number, dataDir: string) {
  return {
    command: `rm -rf ${dataDir} && node --import tsx server/server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the server drain and stop its embedded PostgreSQL server (its own process group).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', SEED_DEMO: 'true', MAIL_SECRET_KEY: E2E_MAIL_SECRET_KEY, ...TEST_RUN_PASSWORD_ENV },
  };
}
