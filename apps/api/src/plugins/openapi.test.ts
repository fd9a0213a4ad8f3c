import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

const run = promisify(execFile);
const bin = (name: string) => join(import.meta.dirname, '../../../../node_modules/.bin', name);

let ctx: TestContext;
let document: {
  paths: Record<
    string,
    Record<
      string,
      { summary?: string; operationId?: string; tags?: string[]; responses: Record<string, unknown> }
    >
  >;
};
const dir = mkdtempSync(join(tmpdir(), 'centavo-openapi-'));

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
  writeFileSync(join(dir, 'openapi.json'), res.body);
});
afterAll(async () => {
  await ctx.close();
});

describe('the API document at /api/docs', () => {
  it('is served with the API headers, with the interactive docs', async () => {
    const json = await ctx.app.inject({ url: '/api/docs/json' });
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    const ui = await ctx.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect(String(ui.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('describes every operation: summary, operationId, tags and its error answers', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const ids = new Set<string>();
    for (const { id, op } of operations) {
      expect(op.summary, id).toMatch(/\w/);
      expect(op.operationId, id).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId as string), `${id}: operationId ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId as string);
      expect(op.tags?.length, id).toBeGreaterThan(0);
      expect(Object.keys(op.responses), id).toContain('500');
      if (path(id).includes('{')) expect(Object.keys(op.responses), id).toContain('404');
    }
  });

  it('passes a third-party linter (Redocly, recommended rules) with no errors', async () => {
    const { stdout } = await run(
      process.execPath,
      [bin('redocly'), 'lint', join(dir, 'openapi.json'), '--format=json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const problems = (
      JSON.parse(stdout) as {
        problems: { severity: string; ruleId: string; location: { pointer: string }[] }[];
      }
    ).problems;
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('generates TypeScript types (openapi-typescript) that compile and carry the contracts', async () => {
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(JSON.stringify(document))));
    // A client built on the types: an entry's money is a number, its date a string, an error has a key.
    writeFileSync(
      join(dir, 'client.ts'),
      `import type { paths } from './api.d.ts';
type EntryAnswer = paths['/api/v1/entry/{id}']['get']['responses'][200]['content']['application/json'];
type ErrorAnswer = paths['/api/v1/entry/{id}']['get']['responses'][404]['content']['application/json'];
export const value: EntryAnswer['value'] = 12345;
export const date: EntryAnswer['date'] = '2026-11-24';
export const key: ErrorAnswer['key'] = 'entryNotFound';
// @ts-expect-error money is a number, never a string
export const wrong: EntryAnswer['value'] = '123.45';
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          target: 'es2022',
          allowImportingTsExtensions: true,
          types: [],
        },
        files: ['client.ts'],
      }),
    );
    const result = await run(process.execPath, [bin('tsc'), '-p', join(dir, 'tsconfig.json')]).then(
      () => ({ code: 0, out: '' }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, out: error.stdout ?? '' }),
    );
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  });
});

function path(id: string): string {
  return id.slice(id.indexOf(' ') + 1);
}
