import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type DbKind, openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** The dialect this test run uses: TEST_DB=sqlite (default) or postgres. */
export const TEST_DB_KIND: DbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  /** Closes the connection and drops the database (PostgreSQL) or removes its folder (SQLite). */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file (`migrated: false`: empty, for tests of the migrations). On
 * PostgreSQL each file gets its own database created from TEST_DATABASE_URL (set by scripts/test.mjs, which
 * starts a throwaway server when none is given). A migrated one is a copy of the run's template
 * (test/global-setup.ts): the same migrations, run once.
 */
export async function createTestDatabase(
  kind: DbKind = TEST_DB_KIND,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'centavo-test-'));
    const file = join(dir, 'test.db');
    const template = migrated ? inject('migratedTemplate') : undefined;
    if (template) copyFileSync(template, file);
    const url = `sqlite:${file}`;
    const handle = openDatabase(url);
    if (migrated && !template) await migrateToLatest(handle.db, handle.kind);
    return {
      ...handle,
      url,
      async destroy() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres); ' +
        '`npm test` sets it, starting a throwaway PostgreSQL when none is given.',
    );
  }
  const name = `centavo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = migrated ? inject('migratedTemplate') : undefined;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 5 });
  if (migrated && !template) await migrateToLatest(handle.db, handle.kind);
  return {
    ...handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
