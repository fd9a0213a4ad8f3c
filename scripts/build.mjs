// `npm run build`: what `npm start` runs — the web app (Vite, then .br/.gz copies) and the API server bundled
// into apps/api/dist/server.js (scripts/build-server.mjs). `npm start` builds the server at every start, and
// the web app when its sources changed.
import { buildServer } from './build-server.mjs';
import { buildWeb } from './lib.mjs';

await buildWeb();
console.log('Built apps/web/dist');
console.log(`Built the API server: ${await buildServer()}`);
