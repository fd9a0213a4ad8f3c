import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MemoryMailer, type TestContext } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { api, olderAccessToken, PASSWORD, registerUser } from '../modules/identity/identity.test-helpers.ts';

// Two API nodes on one database, as behind a load balancer (on SQLite: two connections to one file). Every
// request reads its user, so a change made through one node holds on the other at its very next request:
// no test below waits for anything between the change and the check.
describe('a change to a user holds on every node at the next request', () => {
  let a: TestContext;
  let bDatabase: DatabaseHandle;
  let b: TestContext;

  beforeAll(async () => {
    a = await createTestApp();
    bDatabase = openDatabase(a.database.url, { poolSize: 2 });
    const app = await buildApp(a.config, { database: bDatabase, mailer: new MemoryMailer(), logger: false });
    b = { ...a, app, close: async () => app.close() };
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const me = (node: TestContext, headers: Record<string, string>) =>
    api(node, 'GET', '/user/me', { headers });

  it('a profile or preferences change made on one node is what the other answers next', async () => {
    const user = await registerUser(a, { name: 'Ana' });
    expect((await me(b, user.auth)).json()).toMatchObject({ id: user.id, name: 'Ana' });
    const put = await api(a, 'PUT', '/user', {
      headers: user.auth,
      payload: { name: 'Ana Lima', email: user.email },
    });
    expect(put.statusCode).toBe(200);
    for (const node of [a, b]) expect((await me(node, user.auth)).json()).toMatchObject({ name: 'Ana Lima' });

    const prefs = await api(b, 'PUT', '/user/preferences', {
      headers: user.auth,
      payload: { language_id: 2, currency_code_id: 4, country_id: 32 },
    });
    expect(prefs.statusCode).toBe(200);
    for (const node of [a, b]) expect((await me(node, user.auth)).json()).toMatchObject({ language_id: 2 });
  });

  it("a change no service made (an operator's SQL) is seen by both nodes", async () => {
    const user = await registerUser(a, { name: 'Bia' });
    for (const node of [a, b]) expect((await me(node, user.auth)).json()).toMatchObject({ name: 'Bia' });
    await a.database.db.updateTable('users').set({ name: 'Bia Rocha' }).where('id', '=', user.id).execute();
    for (const node of [a, b])
      expect((await me(node, user.auth)).json()).toMatchObject({ name: 'Bia Rocha' });
  });

  it('a password change shuts older tokens out on both nodes at once', async () => {
    const user = await registerUser(a);
    const older = { authorization: `Bearer ${await olderAccessToken(a, user.id, 5)}` };
    for (const node of [a, b]) expect((await me(node, older)).statusCode).toBe(200);
    const changed = await api(a, 'PUT', '/user/password', {
      headers: user.auth,
      payload: {
        current_password: PASSWORD,
        password: 'a new long password',
        password_confirmation: 'a new long password',
      },
    });
    expect(changed.statusCode).toBe(200);
    for (const node of [a, b]) expect((await me(node, older)).statusCode).toBe(401);
    // The session the change answered with goes on, on either node.
    const fresh = { authorization: `Bearer ${changed.json().access_token}` };
    for (const node of [a, b]) expect((await me(node, fresh)).statusCode).toBe(200);
  });

  it('a deleted user is shut out on both nodes at once', async () => {
    const user = await registerUser(a);
    for (const node of [a, b]) expect((await me(node, user.auth)).statusCode).toBe(200);
    const deleted = await api(b, 'DELETE', '/user', { headers: user.auth, payload: { password: PASSWORD } });
    expect(deleted.statusCode).toBe(204);
    for (const node of [a, b]) expect((await me(node, user.auth)).statusCode).toBe(401);
  });
});
