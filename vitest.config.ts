import { defineConfig } from 'vitest/config';
import { testCaBundle } from './apps/api/test/oidc/ca-bundle.ts';

// The tests' OpenID provider (apps/api/test/oidc) serves HTTPS with a throwaway CA. Node reads this variable
// only when a process starts, so it is set here, before vitest forks its workers: production code keeps
// openid-client's https-only default and trusts nothing else.
process.env.NODE_EXTRA_CA_CERTS = testCaBundle();

/**
 * Projects: `shared` and `web` are unit tests; `api` runs the API tests against the database named by
 * TEST_DB (sqlite | postgres); scripts/test.mjs runs it once per dialect.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; files in parallel keep the PostgreSQL run short.
          fileParallelism: true,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Under the parallel CI steps a page test's first render can be slow; see src/test/setup.ts.
          testTimeout: 20_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
