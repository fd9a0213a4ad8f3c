import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MemoryMailer, type TestContext } from '../../test/app.ts';
import { TEST_DB_KIND } from '../../test/database.ts';
import { until } from '../../test/until.ts';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openDatabase, pgPool } from '../db/connection.ts';
import type { App } from '../lib/http.ts';
import { api, olderAccessToken, PASSWORD, registerUser } from '../modules/identity/identity.test-helpers.ts';

/** The queries a node's pool sends (its own pool: the other node and the test's handle are not counted). */
function countQueries(app: App): () => number {
  const pool = pgPool(app.db);
  if (!pool) throw new Error('not PostgreSQL');
  let count = 0;
  const query = pool.query.bind(pool);
  pool.query = ((...args: Parameters<typeof query>) => {
    count += 1;
    return query(...args);
  }) as typeof pool.query;
  return () => count;
}

// Two API nodes on one PostgreSQL, as behind a load balancer: each keeps the users rows it authenticated with
// (plugins/auth.ts) and hears of every change through the users trigger's NOTIFY. SQLite has one node only and
// reads the row on every request.
describe.runIf(TEST_DB_KIND === 'postgres')('signed-in users kept by each API node', () => {
  let a: TestContext;
  let bDatabase: DatabaseHandle;
  let b: TestContext;

  beforeAll(async () => {
    a = await createTestApp();
    bDatabase = openDatabase(a.database.url, { poolSize: 2 });
    const app = await buildApp(a.config, { database: bDatabase, mailer: new MemoryMailer(), logger: false });
    b = { ...a, app, close: async () => app.close() };
    await until('both nodes listening', () =>
      [a.app, b.app].every((node) => node.signedInUsers?.enabled === true),
    );
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const me = (node: TestContext, headers: Record<string, string>) =>
    api(node, 'GET', '/user/me', { headers });
  const kept = (node: TestContext, id: number) => node.app.signedInUsers?.get(id);

  it('reads a user once, then authenticates from memory', async () => {
    const user = await registerUser(a, { name: 'Ana' });
    const queries = countQueries(b.app);
    expect((await me(b, user.auth)).json()).toMatchObject({ id: user.id, name: 'Ana' });
    expect(queries()).toBe(1);
    for (let i = 0; i < 5; i += 1) expect((await me(b, user.auth)).json()).toMatchObject({ name: 'Ana' });
    expect(queries()).toBe(1);
  });

  it('a change answers with itself on the node that made it, and reaches the other through NOTIFY', async () => {
    const user = await registerUser(a, { name: 'Ana' });
    await me(a, user.auth);
    await me(b, user.auth);
    expect(kept(b, user.id)).toBeDefined();
    const put = await api(a, 'PUT', '/user', {
      headers: user.auth,
      payload: { name: 'Ana Lima', email: user.email },
    });
    expect(put.statusCode).toBe(200);
    // The node that wrote forgot the row before it answered: no wait.
    expect((await me(a, user.auth)).json()).toMatchObject({ name: 'Ana Lima' });
    await until('node B hearing of the change', () => kept(b, user.id) === undefined);
    expect((await me(b, user.auth)).json()).toMatchObject({ name: 'Ana Lima' });

    const prefs = await api(a, 'PUT', '/user/preferences', {
      headers: user.auth,
      payload: { language_id: 2, currency_code_id: 4, country_id: 32 },
    });
    expect(prefs.statusCode).toBe(200);
    expect((await me(a, user.auth)).json()).toMatchObject({ language_id: 2 });
    await until('node B hearing of the preferences', () => kept(b, user.id) === undefined);
    expect((await me(b, user.auth)).json()).toMatchObject({ language_id: 2 });
  });

  it("hears of a change that no service made (an operator's SQL)", async () => {
    const user = await registerUser(a, { name: 'Bia' });
    await me(a, user.auth);
    await me(b, user.auth);
    await a.database.db.updateTable('users').set({ name: 'Bia Rocha' }).where('id', '=', user.id).execute();
    await until('both nodes hearing of the change', () =>
      [a, b].every((node) => kept(node, user.id) === undefined),
    );
    for (const node of [a, b])
      expect((await me(node, user.auth)).json()).toMatchObject({ name: 'Bia Rocha' });
  });

  it('a password change shuts older tokens out: on its node at once, on the other once it hears', async () => {
    const user = await registerUser(a);
    const older = { authorization: `Bearer ${await olderAccessToken(a, user.id, 5)}` };
    expect((await me(a, older)).statusCode).toBe(200);
    expect((await me(b, older)).statusCode).toBe(200);
    const changed = await api(a, 'PUT', '/user/password', {
      headers: user.auth,
      payload: {
        current_password: PASSWORD,
        password: 'a new long password',
        password_confirmation: 'a new long password',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(a, older)).statusCode).toBe(401);
    await until('node B hearing of the password change', () => kept(b, user.id) === undefined);
    expect((await me(b, older)).statusCode).toBe(401);
  });

  it('a deleted user is shut out: on its node at once, on the other once it hears', async () => {
    const user = await registerUser(a);
    await me(a, user.auth);
    await me(b, user.auth);
    const deleted = await api(a, 'DELETE', '/user', { headers: user.auth, payload: { password: PASSWORD } });
    expect(deleted.statusCode).toBe(204);
    expect((await me(a, user.auth)).statusCode).toBe(401);
    await until('node B hearing of the deletion', () => kept(b, user.id) === undefined);
    expect((await me(b, user.auth)).statusCode).toBe(401);
    // A user not found is never kept: the next request asks the database again.
    expect(kept(b, user.id)).toBeUndefined();
  });
});
