import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { until } from '../../test/until.ts';
import { backupDatabase } from './backup.ts';
import { openDatabase, sqliteAccess } from './connection.ts';

const walSize = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

describe.runIf(process.env.TEST_DB !== 'postgres')('WAL checkpoints off the event loop (SQLite)', () => {
  it('turns the automatic checkpoint off; the worker checkpoints, and the idle log is truncated', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'centavo-ckpt-')), 'db.sqlite');
    const handle = openDatabase(`sqlite:${path}`);
    try {
      const sqlite = sqliteAccess(handle.db)?.database;
      expect(sqlite?.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      await sql`create table t (id integer primary key, v text)`.execute(handle.db);
      const insert = sqlite?.prepare('insert into t (v) values (?)');
      for (let i = 0; i < 3000; i++) insert?.run('x'.repeat(200));
      // More than the default autocheckpoint (1 000 pages) was written, none of it checkpointed by the commit.
      expect(walSize(path)).toBeGreaterThan(1000 * 4096);
      await until('the idle log truncated', () => walSize(path) === 0, 10_000);
      // The rows are in the database file itself: a reader that ignores the WAL would see them.
      const reader = new SqliteDatabase(path, { readonly: true });
      expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 3000 });
      reader.close();
    } finally {
      await handle.close();
    }
    // Closing ended the worker (its connection too): the last connection out removes the WAL.
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('a backup taken while writes wait for a checkpoint holds every committed row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'centavo-ckpt-'));
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
