// `npm test`: every check and test, in order, failing fast. See README "Tests".
import { delimiter, dirname } from 'node:path';
import { buildWeb, root, run, startThrowawayPostgres } from './lib.mjs';

const bin = (name) => `${root}/node_modules/.bin/${name}`;
// Every tool runs on this Node (24, from the node devDependency), whatever `node` the PATH finds first.
const tool = (name, args, options) => run(process.execPath, [bin(name), ...args], options);
const only = process.argv[2]; // optional: lint | types | unit | api-sqlite | api-postgres | e2e

// Anything a test spawns as plain `node` gets this Node too.
process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
console.log(`Centavo tests: node ${process.version}`);
const steps = [
  ['lint', () => tool('biome', ['check', '.'])],
  [
    'types',
    async () => {
      for (const project of ['packages/shared', 'apps/api', 'apps/web', 'bench']) {
        const code = await tool('tsc', ['-p', project, '--noEmit']);
        if (code !== 0) return code;
      }
      return 0;
    },
  ],
  ['unit', () => tool('vitest', ['run', '--project', 'shared', '--project', 'web'])],
  [
    'api-sqlite',
    () => tool('vitest', ['run', '--project', 'api'], { env: { ...process.env, TEST_DB: 'sqlite' } }),
  ],
  [
    'api-postgres',
    async () => {
      let url = process.env.TEST_DATABASE_URL;
      let server;
      if (!url) {
        console.log('TEST_DATABASE_URL not set: starting a throwaway PostgreSQL…');
        server = await startThrowawayPostgres();
        url = server.url;
      }
      try {
        return await tool('vitest', ['run', '--project', 'api'], {
          env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: url },
        });
      } finally {
        server?.stop();
      }
    },
  ],
  [
    'e2e',
    async () => {
      await buildWeb();
      return tool('playwright', ['test', '-c', 'apps/web/playwright.config.ts']);
    },
  ],
];

const failed = [];
for (const [name, step] of steps) {
  if (only && only !== name) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let code;
  try {
    code = await step();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    code = 1;
  }
  console.log(
    `=== ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (code !== 0) {
    failed.push(name);
    break;
  }
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll test steps passed.');
