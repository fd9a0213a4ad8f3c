// Measures the JS (gzip) a first visit downloads: `node apps/web/scripts/first-load.mjs [path] [distDir]`.
// Serves the build with `vite preview` and records every script Chromium fetches before the page settles.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const path = process.argv[2] ?? '/auth/login';
const dist = process.argv[3] ?? join(import.meta.dirname, '..', 'dist');
const port = 4100 + Math.floor(Math.random() * 800);
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
try {
  await new Promise((r) => setTimeout(r, 1500));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
  let total = 0;
  for (const script of [...scripts].sort()) {
    const size = gzipSync(readFileSync(join(dist, script)), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${script}`);
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total JS gzip for ${path}`);
  await browser.close();
} finally {
  vite.kill();
}
