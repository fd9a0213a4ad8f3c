import { CompiledQuery, PostgresAdapter, type QueryResult } from 'kysely';
import type { Db, SqliteAccess } from '../../db/connection.ts';
import { runStatement } from '../../db/prepared.ts';

/** Helpers shared by the ledger features (banks, accounts, categories, tags, entries). */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%" (used with `escape '\'`). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Runs `work` in one transaction; repositories receive the transaction as their `db`. Inside a transaction
 * already, `work` joins it (Kysely has no nested transactions), so services compose.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/** Whether `db` (a handle or a transaction) talks to PostgreSQL: the few hand-written statements differ. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

let fixedStatements = 0;

/**
 * A hot hand-written statement with its SQL text fixed once per dialect: Kysely would build and compile it
 * on every call, which costs about as much CPU as SQLite running a small query. Write it with PostgreSQL
 * placeholders ($1, $2, … a number may repeat); for SQLite they become `?` with the arguments in order.
 * Outside a transaction it runs like db/prepared.ts's queries: synchronously on SQLite's cached statement,
 * and as a named statement on PostgreSQL's pool (parsed and planned once per connection — planning was
 * most of the one-statement balance's time). Name the result columns (no `*`), for the same reason.
 * `sqlite` is SQLite's own text of the statement (same placeholders and result), when the dialects'
 * planners want different shapes of the same query.
 */
export function fixedStatement<R>(text: string, sqlite: string = text) {
  const order = [...sqlite.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]) - 1);
  const sqliteText = sqlite.replace(/\$\d+/g, '?');
  const name = `centavo_ledger_${++fixedStatements}`;
  const compile = (db: Db, args: readonly unknown[]): CompiledQuery<R> =>
    isPostgres(db)
      ? CompiledQuery.raw(text, [...args])
      : CompiledQuery.raw(
          sqliteText,
          order.map((i) => args[i]),
        );
  const run = (db: Db, args: readonly unknown[]): Promise<QueryResult<R>> => {
    const { sql, parameters } = compile(db, args);
    return runStatement<R>(db, name, sql, parameters);
  };
  /** SQLite only: runs on the cached statement now, inside the caller's synchronous transaction. */
  const runSync = (sqlite: SqliteAccess, args: readonly unknown[]): R[] => {
    const statement = sqlite.prepare(sqliteText);
    const values = order.map((i) => args[i]);
    if (statement.reader) return statement.all(values) as R[];
    statement.run(values);
    return [];
  };
  /** The statement as it would run (for the EXPLAIN guard). */
  return Object.assign(run, { compile, runSync });
}
