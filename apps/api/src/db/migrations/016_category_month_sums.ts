import { sql } from 'kysely';
import type { Db, DbKind } from '../connection.ts';
import { BIGINT, TEXT } from '../dialect.ts';

/**
 * The per-(user, basis, month, category) sums beside the per-subcategory rows of category_month_totals
 * (docs/decisions/reports.md): the category × month expense report reads ~5× fewer rows (D1, 5 years: 10 860 →
 * ~2 300). The same columns, kept by applyEntryChanges from the same deltas (category-totals.repository.ts),
 * so each row is always the sum of its subcategories' rows; here it is filled from them, which is exact
 * whatever rule built those rows (card rows by invoice month in the cash basis included).
 */
export async function up(db: Db, kind: DbKind): Promise<void> {
  let table = db.schema
    .createTable('category_month_sums')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('basis', TEXT, (c) => c.notNull())
    .addColumn('month', TEXT, (c) => c.notNull())
    .addColumn('category_id', BIGINT, (c) => c.notNull());
  for (const column of SUMS) table = table.addColumn(column, BIGINT, (c) => c.notNull().defaultTo(0));
  table = table.addPrimaryKeyConstraint('category_month_sums_key', [
    'user_id',
    'basis',
    'month',
    'category_id',
  ]);
  if (kind === 'sqlite') table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await sql.raw(CATEGORY_SUMS_FROM_TOTALS).execute(db);
}

/** The summed columns, as migration 008 made them for category_month_totals. */
const SUMS =
  'income expense investment income_count expense_count investment_count unpaid_installments'.split(' ');

/** Every (user, basis, month, category) row as the sum of its subcategories' rows (the bench generator runs it too). */
export const CATEGORY_SUMS_FROM_TOTALS = `
insert into category_month_sums (user_id, basis, month, category_id, ${SUMS.join(', ')})
select user_id, basis, month, category_id, ${SUMS.map((c) => `sum(${c})`).join(', ')}
from category_month_totals
group by user_id, basis, month, category_id`;
