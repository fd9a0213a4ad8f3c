import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

/** The aggregate tables kept over entries by applyEntryChanges (effects.ts). */
export type AggregateTable =
  | 'account_month_totals'
  | 'card_invoice_totals'
  | 'category_month_totals'
  | 'category_month_sums';

const CHUNK = 100;

/**
 * Adds rows of deltas to an aggregate table: insert, or add each of `sums` to the row with the same `keys`.
 * Callers merge deltas per key beforehand (PostgreSQL refuses an INSERT … ON CONFLICT that touches one row
 * twice), drop the all-zero ones and sort them by key, so two transactions touching the same rows lock them
 * in the same order. The one upsert every aggregate shares.
 */
export async function addToAggregate<T extends AggregateTable>(
  db: Db,
  table: T,
  keys: ReadonlyArray<keyof Database[T] & string>,
  sums: ReadonlyArray<keyof Database[T] & string>,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  const added = Object.fromEntries(
    sums.map((column) => [column, sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`]),
  );
  // Kysely types an insert per table name; with the table a type parameter it cannot, so the query is built
  // for the union of the tables. The callers' rows and column lists are checked against their own table.
  const into = db.insertInto(table as AggregateTable);
  for (let i = 0; i < rows.length; i += CHUNK) {
    await into
      .values(rows.slice(i, i + CHUNK) as Insertable<Database[AggregateTable]>[])
      .onConflict((oc) => oc.columns(keys as never[]).doUpdateSet(added))
      .execute();
  }
}

/** Orders keys of deltas the same way in every transaction (see addToAggregate). */
export function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
