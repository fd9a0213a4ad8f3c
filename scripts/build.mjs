// `npm run build`: the web app build that `npm start` and the browser tests use (Vite, then .br/.gz copies).
import { buildWeb } from './lib.mjs';

await buildWeb();
console.log('Built apps/web/dist');
