import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../test/database.ts';
import { backupDatabase } from './backup.ts';
import { openDatabase, sqliteAccess } from './connection.ts';

const walSize = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

describe.runIf(process.env.TEST_DB !== 'postgres')('the write-ahead log (SQLite)', () => {
  it("is checkpointed by SQLite's own autocheckpoint while writing, and removed after close", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'centavo-wal-')), 'db.sqlite');
    const handle = openDatabase(`sqlite:${path}`);
    try {
      const sqlite = sqliteAccess(handle.db)?.database;
      expect(sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
      const pageSize = Number(sqlite?.pragma('page_size', { simple: true }));
      await sql`create table t (id integer primary key, v text)`.execute(handle.db);
      // 3 000 commits write more than 3 000 pages to the log; checkpointed every 1 000 pages, it is reused
      // from its start instead of growing past about that size.
      for (let i = 0; i < 3000; i++)
        await sql`insert into t (v) values (${'x'.repeat(200)})`.execute(handle.db);
      expect(walSize(path)).toBeGreaterThan(0);
      expect(walSize(path)).toBeLessThan(1100 * (pageSize + 24));
    } finally {
      await handle.close();
    }
    // The last connection out checkpoints and removes the log: the rows are in the database file itself.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reader = new SqliteDatabase(path, { readonly: true });
    expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 3000 });
    reader.close();
  });

  it('a backup taken while recent writes are still in the log holds every committed row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'centavo-wal-'));
    const path = join(dir, 'db.sqlite');
    const handle = openDatabase(`sqlite:${path}`);
    try {
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
