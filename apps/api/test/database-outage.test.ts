import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connection.ts';
import type { App } from '../src/lib/http.ts';
import { insertUser, MemoryMailer, testConfig } from './app.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from './database.ts';

/** A TCP proxy in front of PostgreSQL that the test can cut and restore, to play "the database went away". */
class CuttableProxy {
  #server: Server | undefined;
  #sockets = new Set<Socket>();
  port = 0;
  readonly target: { host: string; port: number };
  constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  async open(port = 0): Promise<void> {
    this.#server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('close', () => this.#sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server?.listen(port, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  async cut(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

// Only PostgreSQL can "go away" under a running server; the embedded SQLite file cannot.
describe.runIf(TEST_DB_KIND === 'postgres')('PostgreSQL going away mid-flight', () => {
  let database: TestDatabase;
  let proxy: CuttableProxy;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const real = new URL(database.url);
    proxy = new CuttableProxy({ host: real.hostname, port: Number(real.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const handle = openDatabase(viaProxy.toString(), { poolSize: 2 });
    app = await buildApp(testConfig(), { database: handle, mailer: new MemoryMailer(), logger: false });
    app.addHook('onClose', async () => handle.close());
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.cut();
    await database?.destroy();
  });

  it('answers 503 while the database is unreachable and recovers when it returns', async () => {
    expect((await app.inject({ url: '/api/v1/country' })).statusCode).toBe(200);
    const port = proxy.port;
    await proxy.cut();
    const during = await app.inject({ url: '/api/v1/country' });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      message: 'Service temporarily unavailable',
      code: 'SERVICE_UNAVAILABLE',
      key: 'serviceUnavailable',
    });
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(503);
    await proxy.open(port);
    let after = await app.inject({ url: '/api/v1/country' });
    // The pool may hand out one more dead connection before it notices; the next request must work.
    if (after.statusCode !== 200) after = await app.inject({ url: '/api/v1/country' });
    expect(after.statusCode).toBe(200);
  });

  it('a signed-in request answers 503 while the database is away (its user cannot be read), then 200', async () => {
    const { id } = await insertUser(database.db, 'Ana');
    const token = app.accessTokens.sign(id);
    const me = () =>
      app.inject({
        url: '/api/v1/user/me',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me()).statusCode).toBe(200);
    const port = proxy.port;
    await proxy.cut();
    expect((await me()).statusCode).toBe(503);
    await proxy.open(port);
    let after = await me();
    if (after.statusCode !== 200) after = await me();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ id, name: 'Ana' });
  });
});
