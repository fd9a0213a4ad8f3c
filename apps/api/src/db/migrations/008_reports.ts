import { sql } from 'kysely';
import type { Db, DbKind } from '../connection.ts';
import { BIGINT, bool, TEXT, withId } from '../dialect.ts';

/**
 * Budgets and the per-(user, basis, month, category, subcategory) aggregates that budgets, the dashboard and
 * the reports read (docs/decisions/reports.md). The aggregates are kept by applyEntryChanges in the same
 * transaction as every entry write; here they are filled for the entries that already exist.
 *
 * `category_id`/`sub_category_id` hold 0 for "none" so they can be part of the primary key (a NULL cannot).
 * Transfers (operation 4, which includes invoice payments) are in neither basis and never stored.
 */
export async function up(db: Db, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('budgets'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', BIGINT, (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('month', TEXT, (c) => c.notNull())
    .addColumn('value', BIGINT, (c) => c.notNull())
    .addColumn('active', 'integer', (c) => bool(c, 1))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('budgets_user_month_category')
    .on('budgets')
    .columns(['user_id', 'month', 'category_id'])
    .unique()
    .execute();

  let totals = db.schema
    .createTable('category_month_totals')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('basis', TEXT, (c) => c.notNull())
    .addColumn('month', TEXT, (c) => c.notNull())
    .addColumn('category_id', BIGINT, (c) => c.notNull())
    .addColumn('sub_category_id', BIGINT, (c) => c.notNull())
    .addColumn('income', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('expense', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('investment', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('income_count', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('expense_count', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('investment_count', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('unpaid_installments', BIGINT, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('category_month_totals_key', [
      'user_id',
      'basis',
      'month',
      'category_id',
      'sub_category_id',
    ]);
  if (kind === 'sqlite') totals = totals.modifyEnd(sql`without rowid`);
  await totals.execute();

  // Existing entries: account entries count in the month of their date in both bases (card entries, which
  // no release has stored yet, would count by invoice month in the cash basis: see reportMonths()).
  for (const basis of ['accrual', 'cash'] as const) {
    await sql`
      insert into category_month_totals (user_id, basis, month, category_id, sub_category_id, income, expense,
        investment, income_count, expense_count, investment_count, unpaid_installments)
      select user_id, ${basis}, substr(date, 1, 7), coalesce(category_id, 0), coalesce(sub_category_id, 0),
        sum(case when operation_id = 1 then value else 0 end),
        sum(case when operation_id = 2 then value else 0 end),
        sum(case when operation_id = 3 then value else 0 end),
        sum(case when operation_id = 1 then 1 else 0 end),
        sum(case when operation_id = 2 then 1 else 0 end),
        sum(case when operation_id = 3 then 1 else 0 end),
        sum(case when operation_id = 2 and paid = 0 and installment_count is not null then value else 0 end)
      from entries
      where operation_id <> 4 and account_id is not null
      group by user_id, substr(date, 1, 7), coalesce(category_id, 0), coalesce(sub_category_id, 0)`.execute(
      db,
    );
  }
}
