// `npm run bench [-- --only <name|group>[,…] --quick --list]`: the benchmarks of QUALITY.md "Speed" (bench/README.md).
// The runner is TypeScript (bench/run.ts); it runs in its own Node process so Ctrl-C stops its servers too.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const child = spawn(process.execPath, [join(root, 'bench/run.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
