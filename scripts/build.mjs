// `npm run build`: what `npm start` runs — the web app (Vite, then .br/.gz copies) and the API server as
// stripped JavaScript (scripts/build-server.mjs). `npm start` also builds either one when its sources changed.
import { buildServer } from './build-server.mjs';
import { buildWeb } from './lib.mjs';

await buildWeb();
console.log('Built apps/web/dist');
const server = buildServer();
console.log(`Built the API server: ${server.files} files into apps/api/dist in ${server.ms} ms`);
