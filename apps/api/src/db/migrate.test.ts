import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../test/database.ts';
import { migrateToLatest, migrator } from './migrate.ts';

/** A database migrated step by step, as a server upgraded from an older build finds it. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(TEST_DB_KIND, { migrated: false });
});
afterAll(async () => database.destroy());

async function usersTriggers(): Promise<string[]> {
  if (database.kind !== 'postgres') return [];
  const { rows } = await sql<{ tgname: string }>`
    select tgname from pg_trigger where tgrelid = 'users'::regclass and not tgisinternal`.execute(
    database.db,
  );
  return rows.map((r) => r.tgname);
}

describe('migrations', () => {
  it('005 takes out the users trigger of 004 (PostgreSQL), and re-running is a no-op', async () => {
    const to004 = await migrator(database.db, database.kind).migrateTo('004_user_changes');
    expect(to004.error).toBeUndefined();
    if (database.kind === 'postgres') expect(await usersTriggers()).toEqual(['users_changed']);
    await migrateToLatest(database.db, database.kind);
    expect(await usersTriggers()).toEqual([]);
    if (database.kind === 'postgres') {
      const { rows } = await sql`select 1 from pg_proc where proname = 'centavo_user_changed'`.execute(
        database.db,
      );
      expect(rows).toEqual([]);
    }
    const again = await migrator(database.db, database.kind).migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);
  });
});
