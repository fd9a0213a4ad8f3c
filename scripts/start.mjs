// `npm start`: builds the web app when its sources changed and the API server (well under a second), then serves
// app and API on one port (SQLite by default). The server runs as one bundled file (scripts/build-server.mjs).
import { buildServer } from './build-server.mjs';
import { buildWeb, root, run, webBuildIsStale } from './lib.mjs';

console.log(`Centavo: node ${process.version}`);
// WEB_DIST names a web build of the operator's own (the browser tests' private copy): nothing to build here.
if (!process.env.WEB_DIST && webBuildIsStale()) {
  console.log('Building the web app (first start or sources changed)…');
  await buildWeb();
}
const entry = await buildServer();

// The server runs in a child process of its own, on Node's defaults; `run` passes a signal to this process on,
// so `kill <pid of npm start>` stops the server cleanly too.
process.exitCode = await run(process.execPath, [entry], { cwd: root, forwardSignals: true });
