import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../test/app.ts';
import { backupDatabase } from './backup.ts';
import { openDatabase } from './connection.ts';

/** Counts that must survive backup and restore; later features add their totals to this fingerprint. */
async function fingerprint(url: string) {
  const handle = openDatabase(url);
  try {
    const count = async (table: 'users' | 'account_logs' | 'categories' | 'countries') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      users: await count('users'),
      categories: await count('categories'),
      countries: await count('countries'),
    };
  } finally {
    await handle.close();
  }
}

describe('backup', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createUser(ctx);
    await createUser(ctx);
  });
  afterAll(async () => ctx.close());

  it('produces a consistent copy that restores to the same data', async () => {
    const before = await fingerprint(ctx.database.url);
    expect(before.users).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'centavo-backup-'));
    if (ctx.database.kind === 'sqlite') {
      const file = backupDatabase(ctx.database.url, join(dir, 'copy.db'));
      expect(await fingerprint(`sqlite:${file}`)).toEqual(before);
      return;
    }
    const file = backupDatabase(ctx.database.url, join(dir, 'copy.dump'));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `centavo_restore_${Date.now()}`;
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(ctx.database.url);
      url.pathname = `/${name}`;
      const restored = spawnSync('pg_restore', ['--no-owner', `--dbname=${url}`, file], { encoding: 'utf8' });
      expect(restored.status, restored.stderr).toBe(0);
      expect(await fingerprint(url.toString())).toEqual(before);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('hands pg_dump the password through its environment, never on its command line', () => {
    // A stand-in pg_dump first on the PATH writes down what it was given.
    const bin = mkdtempSync(join(tmpdir(), 'centavo-pg-dump-'));
    const seen = join(bin, 'seen');
    writeFileSync(
      join(bin, 'pg_dump'),
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${seen}.args'\nprintf '%s' "$PGPASSWORD" > '${seen}.password'\n`,
    );
    chmodSync(join(bin, 'pg_dump'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path ?? ''}`;
    try {
      for (const [url, password] of [
        ['postgres://centavo:s3cret%2Fpass@db.example:5432/centavo?sslmode=require', 's3cret/pass'],
        ['postgres://centavo@db.example/centavo?password=qu3ry-secret&sslmode=require', 'qu3ry-secret'],
      ] as const) {
        backupDatabase(url, join(mkdtempSync(join(tmpdir(), 'centavo-backup-')), 'copy.dump'));
        const args = readFileSync(`${seen}.args`, 'utf8');
        expect(args).not.toContain(password);
        expect(args).not.toContain(encodeURIComponent(password));
        expect(args).toContain('--dbname=postgres://centavo@db.example');
        expect(args).toContain('sslmode=require');
        expect(readFileSync(`${seen}.password`, 'utf8')).toBe(password);
      }
    } finally {
      process.env.PATH = path;
    }
  });
});
