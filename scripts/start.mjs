// `npm start`: builds the web app when needed, then serves app and API on one port (SQLite by default).
import { buildWeb, root, run, webBuildIsStale } from './lib.mjs';
import { SERVER_NODE_ARGS, serverEnv } from './server-runtime.mjs';

console.log(`Centavo: node ${process.version}`);
if (webBuildIsStale()) {
  console.log('Building the web app (first start or sources changed)…');
  await buildWeb();
}
process.exitCode = await run(process.execPath, [...SERVER_NODE_ARGS, 'apps/api/src/server.ts'], {
  cwd: root,
  env: serverEnv(),
});
