// The API server as one JavaScript file for `npm start`: apps/api/src/server.ts bundled by rolldown (the
// bundler Vite already brings) into apps/api/dist/server.js, with @centavo/shared inlined and every installed
// package left for Node to load. `npm run dev` and the tests run the TypeScript itself.
import { basename, join, resolve } from 'node:path';
import { build } from 'rolldown';
import { root } from './lib.mjs';

/**
 * Bundles `entry` into `outDir`/<its name>.js and returns that file. `outDir` sits in apps/api like src: the
 * server finds ../package.json and ../../web/dist from its own file.
 */
export async function buildServer({
  entry = 'apps/api/src/server.ts',
  outDir = join(root, 'apps/api/dist'),
} = {}) {
  const file = join(outDir, basename(entry).replace(/\.ts$/, '.js'));
  await build({
    input: resolve(root, entry),
    cwd: root,
    platform: 'node',
    // Only the workspace's own TypeScript is bundled: a bare specifier other than @centavo/* is a package.
    external: (id) => /^[^./]/.test(id) && !id.startsWith('@centavo/'),
    output: { file, format: 'esm', codeSplitting: false },
    logLevel: 'warn',
  });
  return file;
}
