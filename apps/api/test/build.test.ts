import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from './database.ts';
import { startNode } from './process.ts';

// `npm start` runs the server bundled to one JavaScript file (scripts/build-server.mjs). This builds it into a
// folder of its own next to apps/api/src and starts it as `npm start` would, on this run's dialect.
const apiDir = join(import.meta.dirname, '..');
const rootDir = join(apiDir, '../..');
const outDir = join(apiDir, `dist-test-${randomBytes(4).toString('hex')}`);

describe('server build', () => {
  let entry = '';
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    entry = await buildServer({ outDir });
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('is one JavaScript file that imports only Node and installed packages', () => {
    expect(readdirSync(outDir)).toEqual(['server.js']);
    const code = readFileSync(entry, 'utf8');
    const specifiers = [
      ...code.matchAll(/^import\s[^'"]*?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/gm),
    ].map((match) => match[1] ?? match[2] ?? '');
    expect(specifiers.length).toBeGreaterThan(10);
    for (const specifier of specifiers) {
      // The workspace's TypeScript (@centavo/shared included) is inside the file; the rest resolve from here.
      expect(specifier).not.toMatch(/^\.|\.ts$|^@centavo\//);
      expect(() => import.meta.resolve(specifier), specifier).not.toThrow();
    }
  });

  it('starts with type stripping turned off, and answers /health', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'centavo-build-'));
    let databaseUrl = '';
    if (TEST_DB_KIND === 'postgres') {
      database = await createTestDatabase('postgres');
      databaseUrl = database.url;
    }
    // Without type stripping, loading any `.ts` file fails: the server runs on the build alone.
    const { child, output, exit } = startNode(['--no-experimental-strip-types', entry], {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
    });
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        const timer = setTimeout(() => reject(new Error(`not listening after 20 s:\n${output()}`)), 20_000);
        const check = () => {
          const match = /listening at (http:\/\/[\d.]+:\d+)/.exec(output());
          if (match?.[1]) {
            clearTimeout(timer);
            resolveUrl(match[1]);
          }
        };
        child.stdout?.on('data', check);
        void exit.then((code) => reject(new Error(`server exited with ${code}:\n${output()}`)));
      });
      const health = await fetch(`${url}/api/v1/health`);
      expect(health.status).toBe(200);
      const version = JSON.parse(readFileSync(join(apiDir, 'package.json'), 'utf8')).version;
      expect(await health.json()).toMatchObject({ status: 'ok', database: TEST_DB_KIND, version });
      // The default web folder is found from the build as from src: apps/web/dist, served or named as missing.
      const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
      if (page.status !== 200) {
        expect(output()).toContain(`"distDir":"${join(rootDir, 'apps/web/dist')}"`);
      }
      expect(output()).not.toMatch(/ExperimentalWarning|ERR_/);
    } finally {
      child.kill('SIGTERM');
      await exit;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
