import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/lib/http.ts';
import { MemoryMailer, testConfig } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

// Responses are written by fastify-type-provider-zod's serializer compiler (app.ts): what these routes check is
// that the app's wiring keeps only declared fields and turns a mismatch into the app's logged 500.
const user = z.object({
  id: z.number().int(),
  name: z.string(),
  verified_at: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  nested: z.object({ a: z.number() }).nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  note: z.string().optional(),
});
const valid = { id: 1, name: 'x', verified_at: null, details: null, nested: null, tags: [] };

let app: App;
let database: TestDatabase;
const logLines: Array<{ level: number; msg: string; url?: string }> = [];
/** What the test routes answer: deliberately any value, to see what the schema lets through. */
let answer: unknown;

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp(testConfig(), {
    database,
    mailer: new MemoryMailer(),
    logger: { level: 'error', stream },
  });
  app.get('/api/v1/test/user', { schema: { response: { 200: user } } }, async () => answer as never);
  app.get(
    '/api/v1/test/dated',
    { schema: { response: { 200: z.object({ at: z.date(), name: z.string() }) } } },
    async () => answer as never,
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

async function get(url: string, body: unknown) {
  answer = body;
  return app.inject({ method: 'GET', url });
}

describe('responses and their schemas', () => {
  it('send what the schema declares and never a field outside it', async () => {
    const data = {
      id: 1,
      name: 'Ana "quoted" \u2028',
      verified_at: null,
      details: { ip: '1.2.3.4', n: 2 },
      nested: { a: 1, secret: 'x' },
      tags: [{ id: 1, name: 't', user_id: 9 }],
      password_hash: 'never',
    };
    const res = await get('/api/v1/test/user', data);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user.parse(data));
    expect(res.body).not.toContain('never');
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('user_id');
    const other = await get('/api/v1/test/user', { ...data, verified_at: '2026-01-01', nested: null });
    expect(other.json()).toEqual({ ...user.parse(data), verified_at: '2026-01-01', nested: null });
  });

  it('write dates as ISO text', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const res = await get('/api/v1/test/dated', { at, name: 'x', extra: 1 });
    expect(res.json()).toEqual({ at: at.toISOString(), name: 'x' });
  });

  it('answer a value that does not match as a logged 500 with the error body, never writing it', async () => {
    const cases: Record<string, unknown> = {
      'object for a string': { ...valid, name: { secret: 'x' } },
      'NaN for a number': { ...valid, id: Number.NaN },
      'fraction for an int': { ...valid, id: 1.5 },
      'object for an array': { ...valid, tags: {} },
      'text for an object': { ...valid, nested: 'x' },
      'missing field': { ...valid, name: undefined },
    };
    for (const [name, body] of Object.entries(cases)) {
      logLines.length = 0;
      const res = await get('/api/v1/test/user', body);
      expect(res.statusCode, name).toBe(500);
      expect(res.json(), name).toEqual({
        message: expect.any(String),
        code: 'INTERNAL_ERROR',
        key: 'internalError',
      });
      expect(res.body, name).not.toContain('secret');
      expect(logLines, name).toContainEqual(
        expect.objectContaining({ level: 50, msg: 'response did not match its schema' }),
      );
    }
  });
});
