import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

let pgParsersInstalled = false;

/** pg returns BIGINT (and count/sum) as strings; money is BIGINT, so parse to numbers and refuse to lose precision. */
function installPgParsers(): void {
  if (pgParsersInstalled) return;
  pgParsersInstalled = true;
  const toSafeNumber = (text: string) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value)) throw new RangeError(`BIGINT out of safe range: ${text}`);
    return value;
  };
  pg.types.setTypeParser(pg.types.builtins.INT8, toSafeNumber);
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (text: string) => Number(text));
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every SQL text anew; on SQLite preparing costs as much as running a small query (it halved
 * entry creation time when cached). Statements are reused by SQL text, least recently used dropped first.
 * Reuse is safe: Kysely runs one query at a time on this single connection, and SQLite re-prepares a cached
 * statement by itself after a schema change.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** Opens `sqlite:<path>` (created with its folder when missing) or `postgres://…`. */
export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    const inMemory = path === ':memory:';
    if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
    const sqlite = new SqliteDatabase(inMemory ? ':memory:' : resolve(path));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // 16 MB of page cache: the hot indexes of a million-entry ledger fit, and memory stays in budget.
    sqlite.pragma('cache_size = -16384');
    sqlite.pragma('temp_store = MEMORY');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return {
      db,
      kind: 'sqlite',
      close: async () => {
        await db.destroy();
      },
    };
  }
  installPgParsers();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // A client losing its connection (idle or checked out) must not crash the process: the failing query
  // rejects (and becomes a 503), and the pool replaces the client for the next one.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await db.destroy();
    },
  };
}
