import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryCompiler,
  type SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';

// Each driver is loaded when a database of its kind is opened: a process uses one, and loading the other
// (pg with its protocol and pool modules, or better-sqlite3's native binding) only slowed start-up.
const require = createRequire(import.meta.url);
const loadSqlite = () => require('better-sqlite3') as typeof SqliteDatabase;
const loadPg = () => require('pg') as typeof pg;

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

let pgParsersInstalled = false;

/**
 * pg returns BIGINT, count and NUMERIC (what sum() of BIGINT gives) as strings; money is BIGINT, so both parse
 * to numbers and refuse to lose precision: a value that is not a safe integer throws instead of being
 * rounded. The money limits keep every sum the app computes inside that range (docs/decisions/money-limits.md).
 */
function installPgParsers(pg: ReturnType<typeof loadPg>): void {
  if (pgParsersInstalled) return;
  pgParsersInstalled = true;
  const toSafeInteger = (text: string) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not an exact integer: ${text}`);
    return value;
  };
  pg.types.setTypeParser(pg.types.builtins.INT8, toSafeInteger);
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, toSafeInteger);
}

const STATEMENT_CACHE_SIZE = 1000;

/** The SQLite database under a Kysely handle. */
export interface SqliteAccess {
  database: SqliteDatabase.Database;
}

const sqliteHandles = new WeakMap<object, SqliteAccess>();

/** The better-sqlite3 connection under a Kysely handle (tests look at its pragmas). Undefined on PostgreSQL. */
export function sqliteAccess(db: Db): SqliteAccess | undefined {
  return sqliteHandles.get(db);
}

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

/**
 * Kysely opens SQLite transactions with a plain (deferred) BEGIN: one that reads and then writes fails at
 * once with SQLITE_BUSY when another connection to the file takes the write lock in between (a second
 * process, a checkpoint), because SQLite cannot wait without risking a deadlock. Every transaction of the
 * app writes, so each takes the write lock as it begins (BEGIN IMMEDIATE) and waits its turn under
 * busy_timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

const ROW_LOCKS = new Set(['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare', 'NoWait', 'SkipLocked']);

/**
 * Writes lock the rows they read with `.forUpdate()` / `.forKeyShare()` (PostgreSQL, docs/decisions/concurrency.md).
 * SQLite has no row locks and refuses the clause; it needs none, since every transaction holds the database's
 * write lock from its BEGIN IMMEDIATE. So the clauses are dropped here, and repositories lock the same way on
 * both databases.
 */
class SqliteCompilerWithoutRowLocks extends SqliteQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    const kept = node.endModifiers?.filter((m) => !m.modifier || !ROW_LOCKS.has(m.modifier));
    super.visitSelectQuery({ ...node, endModifiers: kept });
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createQueryCompiler(): QueryCompiler {
    return new SqliteCompilerWithoutRowLocks();
  }
}

export interface OpenOptions {
  poolSize?: number;
}

/** Opens `sqlite:<path>` (created with its folder when missing) or `postgres://…`. */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    const inMemory = path === ':memory:';
    if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
    const Sqlite = loadSqlite();
    const sqlite = new Sqlite(inMemory ? ':memory:' : resolve(path));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // 4 MB of page cache (SQLite's default is 2 MB); a miss is a read from the operating system's file cache.
    sqlite.pragma('cache_size = -4096');
    sqlite.pragma('temp_store = MEMORY');
    // The write-ahead log is checkpointed by SQLite itself (wal_autocheckpoint, every 1 000 pages) and removed
    // when the last connection closes.
    const cached = withStatementCache(sqlite);
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cached }) });
    sqliteHandles.set(db, { database: sqlite });
    return {
      db,
      kind: 'sqlite',
      close: async () => {
        await db.destroy();
      },
    };
  }
  const pg = loadPg();
  installPgParsers(pg);
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
