import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../test/database.ts';
import { backupDatabase } from './backup.ts';
import { openDatabase, sqliteAccess } from './connection.ts';

describe.runIf(process.env.TEST_DB !== 'postgres')('the write-ahead log (SQLite)', () => {
  it('a backup taken while recent writes are still in the log holds every committed row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'centavo-wal-'));
    const path = join(dir, 'db.sqlite');
    const handle = openDatabase(`sqlite:${path}`);
    try {
      // The connection opens in WAL mode, where a backup must read through the log's recent commits.
      expect(sqliteAccess(handle.db)?.database.pragma('journal_mode', { simple: true })).toBe('wal');
      await sql`create table t (id integer primary key, v text)`.execute(handle.db);
      const insert = sqliteAccess(handle.db)?.database.prepare('insert into t (v) values (?)');
      for (let i = 0; i < 2000; i++) insert?.run(`row ${i}`);
      const copy = backupDatabase(`sqlite:${path}`, join(dir, 'backup.sqlite'));
      const restored = new SqliteDatabase(copy, { readonly: true });
      expect(restored.prepare('select count(*) as n from t').get()).toEqual({ n: 2000 });
      restored.close();
    } finally {
      await handle.close();
    }
  });
});

// pg answers BIGINT and NUMERIC (sum() of BIGINT) as text; connection.ts parses both to numbers and must
// refuse a value a JS number cannot hold exactly instead of rounding it.
describe.runIf(TEST_DB_KIND === 'postgres')('PostgreSQL numbers', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => database.destroy());

  it('BIGINT and NUMERIC come back as exact numbers up to 2^53 - 1', async () => {
    const { rows } = await sql<{ big: number; total: number }>`
      select 9007199254740991::bigint as big, sum(v) as total
      from (values (4503599627370495::bigint), (4503599627370496::bigint)) as t(v)`.execute(database.db);
    expect(rows).toEqual([{ big: Number.MAX_SAFE_INTEGER, total: Number.MAX_SAFE_INTEGER }]);
  });

  it('a BIGINT or a NUMERIC sum past it is an error, never a rounded number', async () => {
    await expect(sql`select 9007199254740993::bigint as big`.execute(database.db)).rejects.toThrow(
      RangeError,
    );
    await expect(
      sql`select sum(v) as total from (values (9007199254740991::bigint), (2::bigint)) as t(v)`.execute(
        database.db,
      ),
    ).rejects.toThrow(RangeError);
  });
});
