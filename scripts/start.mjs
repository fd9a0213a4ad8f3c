// `npm start`: builds the web app and the API server when needed, then serves app and API on one port (SQLite
// by default). The server runs as JavaScript stripped from the TypeScript sources (scripts/build-server.mjs),
// so Node's TypeScript stripper is never loaded in it (docs/decisions/memory.md).
import { ensureServerBuild } from './build-server.mjs';
import { buildWeb, root, run, webBuildIsStale } from './lib.mjs';
import { SERVER_NODE_ARGS, serverEnv } from './server-runtime.mjs';

console.log(`Centavo: node ${process.version}`);
// WEB_DIST names a web build of the operator's own (the browser tests' private copy): nothing to build here.
if (!process.env.WEB_DIST && webBuildIsStale()) {
  console.log('Building the web app (first start or sources changed)…');
  await buildWeb();
}
const entry = ensureServerBuild();

// The server is a child process (its Node flags and malloc settings apply from its start); `run` passes a
// signal to this process on, so `kill <pid of npm start>` stops the server cleanly too.
process.exitCode = await run(process.execPath, [...SERVER_NODE_ARGS, entry], {
  cwd: root,
  env: serverEnv(),
  forwardSignals: true,
});
