import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { NOT_NOW, preparedQuery } from './prepared.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const now = new Date().toISOString();
  for (const name of ['Ana', 'Bia', 'Caio']) {
    await database.db
      .insertInto('users')
      .values({
        name,
        email: `${name}@example.com`,
        email_normalized: `${name.toLowerCase()}@example.com`,
        password_hash: 'x',
        email_verified_at: null,
        language_id: 1,
        currency_id: 4,
        country_id: 32,
        stripe_customer_id: null,
        sessions_valid_from: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
});
afterAll(async () => database.destroy());

const byName = preparedQuery<{ name: string; language: number }, { id: number; name: string }>((db, arg) =>
  db
    .selectFrom('users')
    .select(['id', 'name'])
    // A constant next to the arguments stays in place.
    .where('currency_id', '=', 4)
    .where('name', '=', arg('name'))
    .where('language_id', '=', arg('language')),
);
const rename = preparedQuery<{ from: string; to: string }, never>((db, arg) =>
  db
    .updateTable('users')
    .set({ name: arg('to') })
    .where('name', '=', arg('from')),
);

describe('preparedQuery', () => {
  it('runs one compiled query with new named arguments each time', async () => {
    expect(await byName.first(database.db, { name: 'Bia', language: 1 })).toMatchObject({ name: 'Bia' });
    expect(await byName.first(database.db, { name: 'Caio', language: 1 })).toMatchObject({ name: 'Caio' });
    expect(await byName.first(database.db, { name: 'Bia', language: 2 })).toBeUndefined();
    expect(await byName.all(database.db, { name: 'nobody', language: 1 })).toEqual([]);
  });

  it('writes, counting the changed rows, and reads its own write', async () => {
    expect(await rename.run(database.db, { from: 'Ana', to: 'Ana Maria' })).toBe(1);
    expect(await byName.first(database.db, { name: 'Ana Maria', language: 1 })).toBeDefined();
    expect(await rename.run(database.db, { from: 'nobody', to: 'x' })).toBe(0);
  });

  it('inside a transaction sees the transaction, and the rollback undoes its write', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await rename.run(trx, { from: 'Caio', to: 'Caio Luiz' })).toBe(1);
        expect(await byName.first(trx, { name: 'Caio Luiz', language: 1 })).toBeDefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byName.first(database.db, { name: 'Caio', language: 1 })).toBeDefined();
  });

  it('firstNow answers synchronously only on SQLite outside a transaction, and never a stale row', async () => {
    const sqlite = database.kind === 'sqlite';
    const now = byName.firstNow(database.db, { name: 'Bia', language: 1 });
    if (sqlite) expect(now).toMatchObject({ name: 'Bia' });
    else expect(now).toBe(NOT_NOW);
    if (sqlite) expect(byName.firstNow(database.db, { name: 'nobody', language: 1 })).toBeUndefined();
    // A write in between is seen at once (the statement is kept, its results are not).
    expect(await rename.run(database.db, { from: 'Bia', to: 'Bia Maria' })).toBe(1);
    if (sqlite) {
      expect(byName.firstNow(database.db, { name: 'Bia', language: 1 })).toBeUndefined();
      expect(byName.firstNow(database.db, { name: 'Bia Maria', language: 1 })).toMatchObject({
        name: 'Bia Maria',
      });
    }
    // While a transaction is open on the connection, the synchronous path would read its uncommitted rows.
    await database.db.transaction().execute(async (trx) => {
      await rename.run(trx, { from: 'Bia Maria', to: 'Bia' });
      expect(byName.firstNow(database.db, { name: 'Bia', language: 1 })).toBe(NOT_NOW);
      expect(byName.firstNow(trx, { name: 'Bia', language: 1 })).toBe(NOT_NOW);
    });
    expect(await byName.first(database.db, { name: 'Bia', language: 1 })).toMatchObject({ name: 'Bia' });
  });
});
