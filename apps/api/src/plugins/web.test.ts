import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

describe('serving the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'centavo-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Centavo</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => ctx.close());

  it('serves hashed assets as immutable for a year', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log(1)');
  });

  it('sends the build-time brotli copy to browsers that accept it', async () => {
    const res = await ctx.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('serves other files and index.html without long caching', async () => {
    const icon = await ctx.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const root = await ctx.app.inject({ url: '/' });
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes (SPA), with the security headers', async () => {
    for (const path of ['/entries/list', '/auth/login?x=1', '/configs/my-plan/upgrade', '/no/such/page']) {
      const res = await ctx.app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/not-a-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not serve files outside the build folder', async () => {
    const res = await ctx.app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
