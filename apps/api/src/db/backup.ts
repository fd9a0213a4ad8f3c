import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';

/**
 * A consistent copy of the database while the app runs. SQLite: `VACUUM INTO` (never `cp` a live WAL
 * database). PostgreSQL: `pg_dump` in custom format (restore with pg_restore).
 */
export function backupDatabase(databaseUrl: string, target: string): string {
  const out = resolve(target);
  mkdirSync(dirname(out), { recursive: true });
  if (existsSync(out)) throw new Error(`Backup target already exists: ${out}`);
  if (databaseUrl.startsWith('sqlite:')) {
    const source = new SqliteDatabase(resolve(databaseUrl.slice('sqlite:'.length)), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      source.prepare('VACUUM INTO ?').run(out);
    } finally {
      source.close();
    }
    return out;
  }
  // The password goes to pg_dump through its environment: any user of the machine can read a process's
  // command line.
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  url.searchParams.delete('password');
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, `--dbname=${url}`], {
    encoding: 'utf8',
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  });
  if (result.error)
    throw new Error(`pg_dump could not run: ${result.error.message} (install postgresql-client)`);
  if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`);
  return out;
}

// `npm run backup [target]`: backs up the configured database (DATABASE_URL or the default SQLite file).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { loadConfig } = await import('../config.ts');
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const extension = config.databaseUrl.startsWith('sqlite:') ? 'db' : 'dump';
  const target = process.argv[2] ?? join(config.dataDir, 'backups', `centavo-${stamp}.${extension}`);
  console.log(`Backup written to ${backupDatabase(config.databaseUrl, target)}`);
}
