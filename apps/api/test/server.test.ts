import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.ts';
import { type StartedProcess, startNode } from './process.ts';
import { until } from './until.ts';

const serverEntry = join(import.meta.dirname, '../src/server.ts');

function startServer(env: Record<string, string>): StartedProcess {
  return startNode([serverEntry], { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env });
}

describe('server process', () => {
  it('stops with a message naming a bad variable', async () => {
    const server = startServer({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(tmpdir(), 'centavo-srv-')) });
    expect(await server.exit).toBe(1);
    expect(server.output()).toMatch(/PORT:/);
  });

  it('creates and migrates its SQLite database on first start, then shuts down cleanly on SIGTERM', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const dataDir = mkdtempSync(join(tmpdir(), 'centavo-srv-'));
    // debug: Fastify logs each incoming request, which tells the test when the server has begun one.
    const server = startServer({
      PORT: port,
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: 'debug',
    });
    await until('the server listening', () => server.output().includes('listening'));
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
    // A request in flight when SIGTERM arrives still gets its answer. Its headers go first and its body
    // only after the signal, so the server has surely begun it (a GET could still be on its way: 503).
    const body = JSON.stringify({ email: 'nobody@example.com' });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: Number(port), method: 'POST', path: '/api/v1/auth/login' },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.setHeader('content-type', 'application/json');
      req.setHeader('content-length', String(Buffer.byteLength(body)));
      req.flushHeaders();
      // The server has begun the request (its line is logged), then it is told to stop, then (once it says it
      // is shutting down) the body arrives.
      until('the login request begun', () =>
        /incoming request[^\n]*auth\/login|auth\/login[^\n]*incoming request/.test(server.output()),
      )
        .then(() => {
          server.child.kill('SIGTERM');
          return until('the server shutting down', () => server.output().includes('shutting down'));
        })
        .then(() => req.end(body), reject);
    });
    const response = await inFlight;
    // The route's own answer (the password is missing), not the 503 of a server that is closing.
    expect(response.status).toBe(422);
    expect(JSON.parse(response.text)).toMatchObject({ errors: { password: expect.any(Array) } });
    expect(await server.exit).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
  });
});

describe('request handling', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ BODY_LIMIT: '4096' });
  });
  afterAll(async () => ctx.close());

  it('answers 413 with the error model when the body is over the limit', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(10_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers malformed JSON with a 4xx in the error model, never a 5xx', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
