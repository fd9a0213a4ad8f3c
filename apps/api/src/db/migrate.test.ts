import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/app.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../test/database.ts';
import { migrateToLatest, migrator } from './migrate.ts';

/** A database migrated step by step, as a server upgraded from an older build finds it. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(TEST_DB_KIND, { migrated: false });
});
afterAll(async () => database.destroy());

async function migrateTo(name: string): Promise<void> {
  const { error } = await migrator(database.db, database.kind).migrateTo(name);
  expect(error).toBeUndefined();
}

async function usersTriggers(): Promise<string[]> {
  if (database.kind !== 'postgres') return [];
  const { rows } = await sql<{ tgname: string }>`
    select tgname from pg_trigger where tgrelid = 'users'::regclass and not tgisinternal`.execute(
    database.db,
  );
  return rows.map((r) => r.tgname);
}

describe('migrations, one by one', () => {
  it('005 takes out the users trigger of 004 (PostgreSQL)', async () => {
    await migrateTo('004_user_changes');
    if (database.kind === 'postgres') expect(await usersTriggers()).toEqual(['users_changed']);
    await migrateTo('005_drop_user_changes');
    expect(await usersTriggers()).toEqual([]);
    if (database.kind === 'postgres') {
      const { rows } = await sql`select 1 from pg_proc where proname = 'centavo_user_changed'`.execute(
        database.db,
      );
      expect(rows).toEqual([]);
    }
  });

  it("006 fills each existing user's money volume: Σ |entry values| + Σ |initial balances|", async () => {
    const db = database.db;
    const now = new Date().toISOString();
    const [ana, bia, caio] = [
      await insertUser(db, 'Ana'),
      await insertUser(db, 'Bia'),
      await insertUser(db, 'Caio'),
    ];
    const account = async (userId: number, initial: number) =>
      (
        await db
          .insertInto('accounts')
          .values({
            user_id: userId,
            name: 'Checking',
            bank_id: null,
            type: 'checking',
            initial_balance: initial,
            color: null,
            archived: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const entry = (userId: number, accountId: number, value: number, operation = 2) =>
      db
        .insertInto('entries')
        .values({
          user_id: userId,
          description: 'x',
          value,
          date: '2026-11-10',
          operation_id: operation,
          category_id: operation === 1 ? 14 : 3,
          sub_category_id: null,
          account_id: accountId,
          card_id: null,
          destination_account_id: null,
          paid: 0,
          paid_at: null,
          notes: null,
          fixed: 0,
          limit_fixed_date: null,
          series_id: null,
          installment_number: null,
          installment_count: null,
          tag_ids: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
    const anaChecking = await account(ana.id, 150_000);
    const anaCard = await account(ana.id, -20_000);
    await entry(ana.id, anaChecking, 1_000, 1);
    await entry(ana.id, anaCard, 2_500);
    await entry(ana.id, anaCard, 7);
    await account(bia.id, -3);
    // Caio has nothing: he gets a row at 0.

    await migrateToLatest(db, database.kind);
    const rows = await db
      .selectFrom('user_money_totals')
      .select(['user_id', 'volume'])
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => [r.user_id, Number(r.volume)])).toEqual([
      [ana.id, 150_000 + 20_000 + 1_000 + 2_500 + 7],
      [bia.id, 3],
      [caio.id, 0],
    ]);
  });

  it('re-running them is a no-op', async () => {
    const again = await migrator(database.db, database.kind).migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);
  });
});
