import type SqliteDatabase from 'better-sqlite3';
import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { idleSqlite, pgPool } from './connection.ts';
import type { Database } from './schema.ts';

type Executor = Kysely<Database>;

/** Stands in for a named argument while the query is built; found again among the compiled parameters. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

interface Compiled {
  query: CompiledQuery;
  /** Per compiled parameter: the argument's name, or the constant written into the query. */
  parameters: Array<Slot | { value: unknown }>;
  /** SQLite: the statement, prepared on first synchronous use (kept here, not looked up in the LRU each time). */
  statement?: SqliteDatabase.Statement;
}

/** `firstNow`'s answer when the database cannot answer synchronously (PostgreSQL, or an open SQLite transaction). */
export const NOT_NOW: unique symbol = Symbol('not now');

export interface PreparedQuery<A extends Record<string, unknown>, R> {
  /** Every row, on `db` or a transaction (a transaction compiles the query once for itself). */
  all(db: Executor, args: A): Promise<R[]>;
  first(db: Executor, args: A): Promise<R | undefined>;
  /**
   * The first row, synchronously, when SQLite can answer now (no transaction open on the connection); else
   * NOT_NOW, and the caller uses `first`. Lets a hook finish without a promise and a microtask per request.
   */
  firstNow(db: Executor, args: A): R | undefined | typeof NOT_NOW;
  /** Runs a write; the number of rows it changed. */
  run(db: Executor, args: A): Promise<number>;
}

/**
 * A Kysely query built and compiled once per database handle, then executed with new arguments: building
 * and compiling a small select costs about as much CPU as SQLite running it. Arguments are named
 * placeholders (`arg('userId')`) the query takes wherever it would take a value; they must stay scalar
 * values (no `in` lists, whose length changes the SQL).
 *
 * On PostgreSQL, outside a transaction, it runs as a named statement on the pool: each connection parses
 * and plans it once. Name its columns rather than `selectAll()`: a named statement whose result columns
 * change under it (a migration on a running server) fails until the connection is replaced.
 *
 * ```ts
 * const findUser = preparedQuery<{ id: number }, UserRow>((db, arg) =>
 *   db.selectFrom('users').selectAll().where('id', '=', arg('id')));
 * const row = await findUser.first(app.db, { id: 42 });
 * ```
 */
let statements = 0;

export function preparedQuery<A extends Record<string, unknown>, R>(
  build: (db: Executor, arg: <K extends keyof A & string>(name: K) => A[K]) => Compilable<R>,
): PreparedQuery<A, R> {
  const byExecutor = new WeakMap<Executor, Compiled>();
  // One name per query: each pooled connection parses and plans it once, then only binds and executes.
  const statementName = `centavo_prepared_${++statements}`;
  const compile = (db: Executor): Compiled => {
    let compiled = byExecutor.get(db);
    if (compiled) return compiled;
    const query = build(db, (name) => new Slot(name) as never).compile() as CompiledQuery;
    compiled = {
      query,
      parameters: query.parameters.map((value) => (value instanceof Slot ? value : { value })),
    };
    byExecutor.set(db, compiled);
    return compiled;
  };
  const values = (parameters: Compiled['parameters'], args: A) =>
    parameters.map((p) => (p instanceof Slot ? args[p.name] : p.value));
  const execute = (db: Executor, args: A): Promise<QueryResult<R>> => {
    const { query, parameters } = compile(db);
    return runStatement<R>(db, statementName, query.sql, values(parameters, args));
  };
  return {
    all: async (db, args) => (await execute(db, args)).rows,
    first: async (db, args) => (await execute(db, args)).rows[0],
    run: async (db, args) => Number((await execute(db, args)).numAffectedRows ?? 0),
    firstNow: (db, args) => {
      const sqlite = idleSqlite(db);
      if (!sqlite) return NOT_NOW;
      const compiled = compile(db);
      compiled.statement ??= sqlite.prepare(compiled.query.sql);
      return compiled.statement.get(values(compiled.parameters, args)) as R | undefined;
    },
  };
}

/**
 * Runs SQL of `db`'s dialect the fast way: synchronously on SQLite's cached statement when no transaction is
 * open on the connection (nothing interleaves), as the named statement `name` on PostgreSQL's pool (parsed
 * and planned once per connection), else through Kysely (inside a transaction).
 */
export async function runStatement<R>(
  db: Executor,
  name: string,
  sql: string,
  values: readonly unknown[],
): Promise<QueryResult<R>> {
  const sqlite = idleSqlite(db);
  if (sqlite) {
    const statement = sqlite.prepare(sql);
    if (statement.reader) return { rows: statement.all(values) as R[] };
    return { rows: [], numAffectedRows: BigInt(statement.run(values).changes) };
  }
  const pool = pgPool(db);
  if (pool) {
    const result = await pool.query({ name, text: sql, values: [...values] });
    const wrote = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(result.command);
    return {
      rows: (result.rows ?? []) as R[],
      ...(wrote ? { numAffectedRows: BigInt(result.rowCount ?? 0) } : {}),
    };
  }
  return db.executeQuery<R>(CompiledQuery.raw(sql, [...values]) as CompiledQuery<R>);
}
