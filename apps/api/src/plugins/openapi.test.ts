import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { buildApp } from '../app.ts';
import type { App } from '../lib/http.ts';

let eager: TestContext;
let database: TestDatabase;
let lazy: App;
beforeAll(async () => {
  eager = await createTestApp();
  database = await createTestDatabase();
  // As server.ts builds it: the OpenAPI plugins load on the first /api/docs request.
  lazy = await buildApp(eager.config, { database, mailer: eager.mailer, logger: false });
  await lazy.ready();
});
afterAll(async () => {
  await lazy.close();
  await database.destroy();
  await eager.close();
});

describe('lazy /api/docs', () => {
  it('is not loaded at start-up', () => {
    expect(lazy.hasDecorator('swagger')).toBe(false);
    expect(eager.app.hasDecorator('swagger')).toBe(true);
  });

  it('serves the same OpenAPI document as the plugins registered at start-up', async () => {
    const fromLazy = await lazy.inject({ url: '/api/docs/json' });
    expect(fromLazy.statusCode).toBe(200);
    expect(fromLazy.headers['content-type']).toContain('application/json');
    expect(fromLazy.headers['cache-control']).toBe('no-store');
    expect(fromLazy.headers['x-content-type-options']).toBe('nosniff');
    const document = fromLazy.json();
    expect(document).toEqual((await eager.app.inject({ url: '/api/docs/json' })).json());
    expect(Object.keys(document.paths)).toContain('/api/v1/user/me');
  });

  it('serves the UI and its files, with the API headers', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-ui.css',
      '/api/docs/yaml',
    ]) {
      const [a, b] = [await lazy.inject({ url }), await eager.app.inject({ url })];
      expect(a.statusCode, url).toBe(b.statusCode);
      expect(a.headers['content-type'], url).toBe(b.headers['content-type']);
      expect(a.headers.location, url).toBe(b.headers.location);
      expect(a.body, url).toBe(b.body);
      expect(a.headers['cache-control'], url).toBe('no-store');
      expect(String(a.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
    expect((await lazy.inject({ url: '/api/docs/static/no-such-file.js' })).statusCode).toBe(404);
  });
});
