import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/**
 * Runs a command inheriting stdio; resolves to its exit code. `forwardSignals`: SIGINT and SIGTERM sent to
 * this process are passed on while the command runs, so `kill <pid>` of the script stops its child cleanly.
 */
export function run(cmd, args, { forwardSignals = false, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...options });
    const signals = forwardSignals ? ['SIGINT', 'SIGTERM'] : [];
    const forward = (signal) => child.kill(signal);
    for (const signal of signals) process.on(signal, forward);
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The fast-check seed CI uses: a fixed one, so a red CI run replays exactly. */
export const CI_PROPERTY_SEED = 20_261_127;

/**
 * The seed of every property test (fast-check) in a run: PROPERTY_SEED when given (to replay a failure), the
 * fixed one in CI (CI set and not "false"), else a random one, so local runs keep exploring new cases.
 */
export function propertySeed(env = process.env) {
  if (env.PROPERTY_SEED) return env.PROPERTY_SEED;
  if (env.CI && env.CI !== 'false') return String(CI_PROPERTY_SEED);
  return String(Math.floor(Math.random() * 2_147_483_647));
}

/** The newest modification time in a source tree (builds, dependencies and dot-files left out). */
export function newestMtime(dir) {
  let newest = statSync(dir).mtimeMs; // a file added, removed or renamed changes its folder's time
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when apps/web/dist is missing or older than the web and shared sources. */
export function webBuildIsStale() {
  const index = join(root, 'apps/web/dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return (
    newestMtime(join(root, 'apps/web/src')) > built ||
    newestMtime(join(root, 'packages/shared/src')) > built ||
    statSync(join(root, 'apps/web/index.html')).mtimeMs > built
  );
}

export async function buildWeb() {
  const code = await run(
    process.execPath,
    [join(root, 'node_modules/.bin/vite'), 'build', '--logLevel', 'warn'],
    {
      cwd: join(root, 'apps/web'),
    },
  );
  if (code !== 0) throw new Error('web build failed');
  precompress(join(root, 'apps/web/dist'));
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build; the server sends them to browsers that accept
 * them (@fastify/static preCompressed), so nothing is compressed per request.
 */
export function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(path);
      continue;
    }
    if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(entry.name)) continue;
    const body = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  }
}

/**
 * A throwaway PostgreSQL for the tests when TEST_DATABASE_URL is not given: initdb into a temp folder and
 * start it on a free port. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startThrowawayPostgres() {
  const binDir = [
    '/usr/lib/postgresql/17/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/15/bin',
  ].find((d) => existsSync(join(d, 'initdb')));
  if (!binDir) {
    throw new Error(
      'No PostgreSQL for the PostgreSQL test run. Either set TEST_DATABASE_URL=postgres://user@host:port/db ' +
        '(a user allowed to create databases), or install the server: apt-get install -y postgresql',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'centavo-pg-'));
  const asRoot = process.getuid?.() === 0;
  const wrap = (cmd, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const [c1, a1] = wrap(join(binDir, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
  ]);
  let r = spawnSync(c1, a1, { stdio: 'pipe' });
  if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr}`);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const [c2, a2] = wrap(join(binDir, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-o',
    opts,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  r = spawnSync(c2, a2, { stdio: 'pipe' });
  if (r.status !== 0) throw new Error(`pg_ctl start failed: ${r.stderr}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [c3, a3] = wrap(join(binDir, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      spawnSync(c3, a3, { stdio: 'ignore' });
    },
  };
}
