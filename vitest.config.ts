import { configDefaults, defineConfig } from 'vitest/config';
import { testCaBundle } from './apps/api/test/oidc/ca-bundle.ts';
import { propertySeed } from './scripts/lib.mjs';

// The tests' OpenID provider (apps/api/test/oidc) serves HTTPS with a throwaway CA. Node reads this variable
// only when a process starts, so it is set here, before vitest forks its workers: production code keeps
// openid-client's https-only default and trusts nothing else.
process.env.NODE_EXTRA_CA_CERTS = testCaBundle();

// One seed for every property test (fast-check) of a run, inherited by the workers like the variable above:
// fixed in CI, random locally (scripts/lib.mjs); `npm test` picks it once for all its steps and prints it.
process.env.PROPERTY_SEED = propertySeed();
console.log(`PROPERTY_SEED=${process.env.PROPERTY_SEED} (set it to replay a property test's failure)`);

/** The web unit tests (jsdom) that check a module's first use: they need modules no other file has used. */
const FRESH_MODULES = ['src/lib/i18n.test.ts', 'src/lib/api-client.test.ts'];
const web = {
  root: './apps/web',
  include: ['src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // A page test renders a whole page with its lazy chunks (charts): 5 s is too tight on a shared 2-core
  // machine (see also src/test/setup.ts).
  testTimeout: 15_000,
} as const;

/**
 * Projects: `shared`, `web` and `web-modules` are unit tests; `api` runs the API tests against the database
 * named by TEST_DB (sqlite | postgres); scripts/test.mjs runs it once per dialect.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./apps/api/test/property-seed.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./apps/api/test/property-seed.ts'],
          // One migrated database for the run, copied for each file (test/global-setup.ts).
          globalSetup: ['./apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; files in parallel keep the PostgreSQL run short.
          fileParallelism: true,
          // Files share their worker's module cache: the app (Fastify, the contracts, the services) is
          // imported once per worker instead of once per file, about a third of the CPU of a run measured on
          // six files. Safe because no API test mocks a module or leaves a global changed: each file builds its
          // own app on its own database (test/app.ts).
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          ...web,
          name: 'web',
          // Vitest's own exclusions kept: `exclude` replaces them.
          exclude: [...configDefaults.exclude, ...FRESH_MODULES],
          // The files share their worker's jsdom and module cache: creating jsdom for each of the 45 files
          // took 39 % of the project's time (vitest's own report), and the run went from 94 s to 14 s. Safe
          // because each page test renders on its own query client and stubs fetch anew; the files that
          // test module-level state run on their own below.
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        // What happens the first time a module is used (i18next loading a namespace when first asked): each
        // file with a fresh copy of the app's modules.
        test: { ...web, name: 'web-modules', include: FRESH_MODULES },
      },
    ],
  },
});
