// `npm run dev`: the API with reload on :3000 (NODE_ENV=development) and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

console.log(`Centavo dev: node ${process.version} — open http://localhost:5173`);
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn(process.execPath, ['--watch', 'apps/api/src/server.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(`${root}/node_modules/.bin/vite`, [], { cwd: `${root}/apps/web`, env, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
