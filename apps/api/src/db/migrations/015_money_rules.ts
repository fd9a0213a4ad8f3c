import type { Db, DbKind } from '../connection.ts';
import { BIGINT, TEXT } from '../dialect.ts';

/**
 * Issue 18 (DESIGN.md §4). `users.time_zone`: the IANA zone a user's "today" is read in (overdue invoices,
 * the default payment date, the current month); existing users keep the UTC they had until they choose one.
 * `entry_series.invoice_shift`: a fixed card charge moved to the previous (−1) or next (+1) invoice keeps the
 * move as a fact of its series, so occurrences written later and a change of the card's days keep it too.
 * Stored refunds move from income to expense in the aggregates (moveRefundsToExpense).
 */
export async function up(db: Db, _kind: DbKind): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('time_zone', TEXT, (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema
    .alterTable('entry_series')
    .addColumn('invoice_shift', BIGINT, (c) => c.notNull().defaultTo(0))
    .execute();
  await moveRefundsToExpense(db);
}

/**
 * Incomes already stored in expense categories (card refunds) were aggregated as income; from now on they
 * lower their category's expense instead (DESIGN.md §4), so their existing aggregate rows move the amount
 * from income to expense. The rows exist (the income was added to them), so plain updates suffice.
 */
export async function moveRefundsToExpense(db: Db): Promise<void> {
  const refunds = await db
    .selectFrom('entries as e')
    .innerJoin('categories as c', 'c.id', 'e.category_id')
    .select([
      'e.user_id',
      'e.account_id',
      'e.date',
      'e.invoice_month',
      'e.category_id',
      'e.sub_category_id',
      'e.value',
    ])
    .where('e.operation_id', '=', 1)
    .where('c.type', '=', 'expense')
    .execute();
  for (const r of refunds) {
    const month = r.date.slice(0, 7);
    const cash = r.account_id === null && r.invoice_month !== null ? r.invoice_month : month;
    for (const [basis, m] of [
      ['accrual', month],
      ['cash', cash],
    ] as const) {
      await db
        .updateTable('category_month_totals')
        .set((eb) => ({
          income: eb('income', '-', r.value),
          income_count: eb('income_count', '-', 1),
          expense: eb('expense', '-', r.value),
          expense_count: eb('expense_count', '+', 1),
        }))
        .where('user_id', '=', r.user_id)
        .where('basis', '=', basis)
        .where('month', '=', m)
        .where('category_id', '=', r.category_id ?? 0)
        .where('sub_category_id', '=', r.sub_category_id ?? 0)
        .execute();
    }
    if (r.account_id !== null) {
      await db
        .updateTable('account_month_totals')
        .set((eb) => ({ income: eb('income', '-', r.value), expense: eb('expense', '-', r.value) }))
        .where('user_id', '=', r.user_id)
        .where('account_id', '=', r.account_id)
        .where('month', '=', month)
        .execute();
    }
  }
}
