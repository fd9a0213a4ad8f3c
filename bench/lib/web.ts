import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { dataDir, rootDir } from './proc.ts';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** BENCH_WEB_DIST measures an existing build instead of building one (e.g. apps/web/dist). */
export const webDist = process.env.BENCH_WEB_DIST
  ? resolve(process.env.BENCH_WEB_DIST)
  : join(dataDir, 'web-dist');
let built: { seconds: number } | null = null;

/**
 * Builds the web app once per run into bench/.data/web-dist (not apps/web/dist, which other work in the tree
 * may be using); the app server then serves it via WEB_DIST. Returns null when there is no web app to build.
 */
export function buildWebOnce(): { seconds: number } | null {
  if (built) return built;
  if (process.env.BENCH_WEB_DIST) {
    if (!existsSync(join(webDist, 'index.html'))) return null;
    built = { seconds: 0 };
    return built;
  }
  if (!existsSync(join(rootDir, 'apps/web/index.html'))) return null;
  const t0 = performance.now();
  const res = spawnSync(
    join(rootDir, 'node_modules/.bin/vite'),
    ['build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(rootDir, 'apps/web'), encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (res.status !== 0) throw new Error(`web build failed: ${(res.stderr || res.stdout).slice(-3000)}`);
  // The same .br/.gz copies the product build writes (scripts/lib.mjs), so the server sends what users get.
  const compress = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import('${join(rootDir, 'scripts/lib.mjs')}').then((m) => m.precompress(process.argv[1]))`,
      webDist,
    ],
    { encoding: 'utf8' },
  );
  if (compress.status !== 0) throw new Error(`precompress failed: ${compress.stderr}`);
  built = { seconds: (performance.now() - t0) / 1000 };
  return built;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS, headless: true });
}

/** A fresh Chrome profile folder (Lighthouse and Chrome must not share state between runs). */
export function freshProfile(): { dir: string; remove(): void } {
  mkdirSync(tmpdir(), { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'centavo-bench-chrome-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
