import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testCaBundle } from '../api/test/oidc/ca-bundle.ts';

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
// Billing (#12): a second server with billing on, its Stripe SDK pointed at the local Stripe test server
// (apps/api/test/stripe), which delivers its signed events to that server's webhook. The first server stays
// self-hosted (billing off), so the other flows are untouched. billing.spec.ts uses BILLING_URL.
process.env.E2E_BILLING_PORT ??= String(port + 1);
process.env.E2E_STRIPE_PORT ??= String(port + 2);
const billingPort = Number(process.env.E2E_BILLING_PORT);
const stripePort = Number(process.env.E2E_STRIPE_PORT);
export const BILLING_URL = `http://127.0.0.1:${billingPort}`;
export const STRIPE_URL = `http://127.0.0.1:${stripePort}`;
// Sign-in methods (#22): a server on `localhost` (WebAuthn refuses IP addresses as relying parties) with a generic
// OpenID provider, the tests' local provider over HTTPS (apps/api/test/oidc), which that server trusts through
// NODE_EXTRA_CA_CERTS only. sign-in-methods.spec.ts uses AUTH_URL; the other servers show no provider.
process.env.E2E_AUTH_PORT ??= String(port + 3);
process.env.E2E_OIDC_PORT ??= String(port + 4);
const authPort = Number(process.env.E2E_AUTH_PORT);
const oidcPort = Number(process.env.E2E_OIDC_PORT);
export const AUTH_URL = `http://localhost:${authPort}`;
export const OIDC_URL = `https://127.0.0.1:${oidcPort}`;
/** Obviously fake: the test server accepts any key, and the webhook secret is the test server's default. */
const STRIPE_TEST_KEY = 'sk_test_centavo';
const STRIPE_TEST_WEBHOOK_SECRET = ['whsec', 'centavo', 'test', 'secret'].join('_');

/**
 * The browser: Debian's `chromium-headless-shell` where it is installed (`.ci/run` installs it), else its full
 * `chromium`; CHROMIUM_PATH overrides both. The shell is Chromium's own engine without the browser's window and
 * tab-strip code. Measured on the CI machine, a11y.spec.ts (then four tests, two workers) took 66 s in it and
 * 88 s in the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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

/** A process the tests need, started with this Node from the repository's root; ready when `url` answers. */
function helperServer(script: string, url: string) {
  return {
    command: `"${process.execPath}" ${script}`,
    cwd: root,
    url,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

/** An app server (API + the web build's private copy) on its own port and data directory, with its settings. */
function appServer(
  script: string,
  appPort: number,
  appUrl: string,
  dataDir: string | undefined,
  env: Record<string, string> = {},
) {
  return {
    ...helperServer(script, `${appUrl}/api/v1/health`),
    env: {
      DATA_DIR: dataDir ?? '',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(process.env.E2E_DATA_DIR ?? '', 'web'),
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  // Screenshot specs (e2e/screenshots/) are for people to look at, not checks: they run only with
  // SCREENSHOTS=<dir>, each writing into its own folder there.
  testIgnore: process.env.SCREENSHOTS ? [] : ['**/screenshots/**'],
  outputDir: join(process.env.E2E_DATA_DIR, 'results'),
  // Each test signs up its own user, so tests run side by side on the one server and database (two workers
  // keep both cores of the CI machine busy while one waits on the server), also the tests of one file, so a
  // long file does not hold up the end of the run; files whose tests follow one another say so
  // (`describe.configure({ mode: 'serial' })`). E2E_WORKERS overrides it (1 to debug one flow at a time).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A flow that signs up and walks several pages takes longer when two browsers share the 2-core machine
  // (billing.spec.ts passed in 52 s alone, timed out at 60 s beside another worker); long flows set more.
  timeout: 120_000,
  // How long a check waits for what it expects to appear: with two browsers on a loaded 2-core machine a
  // page's first render took over 10 s (the heading was there in the failure's snapshot).
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    // The app honours reduced motion (theme.ts): elements appear where they end up, so a click is never
    // aimed at a control that a sliding toast or closing menu is about to cover (a CI flake, 2026-11-21).
    reducedMotion: 'reduce',
    // A trace is recorded for every test to keep the failing ones: in CI, where nobody opens it (the log has
    // the error, its call log and the page's snapshot), recording cost a third of the browser tests' CPU
    // (first-month-more.spec.ts alone: 103 s of CPU without, 174 s with).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    // `npm start`, as shipped: the API server built to JavaScript when a source changed, with its runtime
    // settings; WEB_DIST (the private copy above) tells it not to build the web app.
    appServer('scripts/start.mjs', port, baseURL, process.env.E2E_DATA_DIR),
    helperServer(
      `apps/api/test/stripe/cli.ts --port ${stripePort} --webhook-url ${BILLING_URL}/api/v1/stripe/webhook --webhook-secret ${STRIPE_TEST_WEBHOOK_SECRET}`,
      `${STRIPE_URL}/_control/state`,
    ),
    // The TypeScript server itself (as `npm run dev` runs it): `npm start` above owns the bundle's file.
    appServer('apps/api/src/server.ts', billingPort, BILLING_URL, join(process.env.E2E_DATA_DIR, 'billing'), {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: STRIPE_URL,
      STRIPE_PRICE_MONTHLY: 'price_centavo_monthly',
      STRIPE_PRICE_YEARLY: 'price_centavo_yearly',
    }),
    {
      ...helperServer(
        `apps/api/test/oidc/cli.ts --port ${oidcPort} --client-id centavo-e2e --client-secret e2e-secret --redirect-uri ${AUTH_URL}/api/v1/auth/oidc/oidc/callback`,
        `${OIDC_URL}/.well-known/openid-configuration`,
      ),
      ignoreHTTPSErrors: true,
    },
    {
      ...appServer('apps/api/src/server.ts', authPort, AUTH_URL, join(process.env.E2E_DATA_DIR, 'sign-in'), {
        OIDC_ISSUER: OIDC_URL,
        OIDC_CLIENT_ID: 'centavo-e2e',
        OIDC_CLIENT_SECRET: 'e2e-secret',
        OIDC_NAME: 'Test ID',
        NODE_EXTRA_CA_CERTS: testCaBundle(),
      }),
      // WebAuthn's relying party is `localhost`, but the server listens on 127.0.0.1: it is polled there.
      url: `http://127.0.0.1:${authPort}/api/v1/health`,
    },
  ],
});
