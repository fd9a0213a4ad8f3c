// Measures the JS and CSS (gzip) a first visit downloads: `node apps/web/scripts/first-load.mjs [path] [distDir]`.
// Serves the build with `vite preview` and records every script and stylesheet Chromium fetches before the
// page settles.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const path = process.argv[2] ?? '/auth/login';
const dist = process.argv[3] ?? join(import.meta.dirname, '..', 'dist');
const port = 4100 + Math.floor(Math.random() * 800);
const origin = `http://127.0.0.1:${port}`;
// vite is started with this script's own Node (24), whatever node is first on PATH.
const vite = spawn(
  process.execPath,
  [
    join(import.meta.dirname, '..', '..', '..', 'node_modules', 'vite', 'bin', 'vite.js'),
    'preview',
    '--port',
    String(port),
    '--strictPort',
    '--outDir',
    dist,
  ],
  { cwd: join(import.meta.dirname, '..'), stdio: 'ignore' },
);

async function waitForServer() {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(origin)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`vite preview did not answer on ${origin}`);
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const page = await browser.newPage();
  const files = { js: new Set(), css: new Set() };
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) files.js.add(pathname);
    if (pathname.endsWith('.css')) files.css.add(pathname);
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  for (const [kind, names] of Object.entries(files)) {
    let total = 0;
    for (const name of [...names].sort()) {
      const size = gzipSync(readFileSync(join(dist, name)), { level: 9 }).length;
      total += size;
      console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${name}`);
    }
    console.log(
      `${(total / 1024).toFixed(1).padStart(7)} KB  total ${kind.toUpperCase()} gzip for ${path}\n`,
    );
  }
  await browser.close();
} finally {
  vite.kill();
}
