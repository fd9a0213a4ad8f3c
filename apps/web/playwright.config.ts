import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real server (API + built web app) on a throwaway SQLite database.
 * Playwright evaluates this file in the runner and again in each worker; the first evaluation fixes the
 * data directory and port in the environment, which the workers inherit, so all agree.
 */
const root = resolve(import.meta.dirname, '..', '..');
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'centavo-e2e-'));
  // A private copy of the build (or E2E_WEB_DIST): other work in the tree may rebuild apps/web/dist mid-run.
  const dist = process.env.E2E_WEB_DIST ?? join(root, 'apps', 'web', 'dist');
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`Build the web app first (no ${dist}/index.html)`);
  cpSync(dist, join(process.env.E2E_DATA_DIR, 'web'), { recursive: true });
}
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  // Screenshot specs are for people to look at, not checks: `npm test` runs them only when asked to.
  testIgnore: [
    ...(process.env.SCREENSHOTS ? [] : ['**/screenshots.spec.ts']),
    ...(process.env.LEDGER_SCREENSHOTS ? [] : ['**/accounts-screens.spec.ts']),
    ...(process.env.NEWCOMER_SCREENSHOTS ? [] : ['**/newcomer-screens.spec.ts']),
  ],
  outputDir: join(process.env.E2E_DATA_DIR, 'results'),
  // One server, one database: the flows run in order.
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    // The app honours reduced motion (theme.ts): elements appear where they end up, so a click is never
    // aimed at a control that a sliding toast or closing menu is about to cover (a CI flake, 2026-11-21).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // `npm start`, as shipped: the API server built to JavaScript when a source changed, with its runtime
    // settings; WEB_DIST (the private copy above) tells it not to build the web app.
    command: `"${process.execPath}" scripts/start.mjs`,
    cwd: root,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(process.env.E2E_DATA_DIR, 'web'),
    },
  },
});
