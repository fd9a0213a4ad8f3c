import { OPERATIONS } from '@centavo/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { BudgetsTable } from '../../db/tables/reports.ts';

const budgetColumns = ['id', 'category_id', 'month', 'value', 'active'] as const;

export interface BudgetRow {
  id: number;
  category_id: number;
  month: string;
  value: number;
  active: number;
}

const toRow = (r: BudgetRow): BudgetRow => ({
  id: Number(r.id),
  category_id: Number(r.category_id),
  month: r.month,
  value: Number(r.value),
  active: Number(r.active),
});

export async function findBudget(db: Db, userId: number, id: number): Promise<BudgetRow | undefined> {
  const row = await db
    .selectFrom('budgets')
    .select(budgetColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRow(row);
}

/** A range of months' budgets (budgets_user_month_category). Exported for the EXPLAIN guard test. */
export function budgetsOfMonthsQuery(db: Db, userId: number, start: string, end: string) {
  return db
    .selectFrom('budgets')
    .select(budgetColumns)
    .where('user_id', '=', userId)
    .where('month', '>=', start)
    .where('month', '<=', end);
}

/** A range of months' budgets; `{lock: true}` locks them for a batch write (replicate, fill). */
export async function findBudgetsOfMonths(
  db: Db,
  userId: number,
  start: string,
  end: string,
  options: { lock?: boolean } = {},
) {
  const query = budgetsOfMonthsQuery(db, userId, start, end);
  return (await (options.lock ? query.forUpdate() : query).execute()).map(toRow);
}

/**
 * Inserts budgets and answers the ids of the rows written. With `skipExisting`, a (month, category) that a
 * concurrent request has just created is left as that request wrote it (ON CONFLICT DO NOTHING) and is not
 * in the answer: the caller counts only what it wrote (docs/decisions/concurrency.md).
 */
export async function insertBudgets(
  db: Db,
  rows: Insertable<BudgetsTable>[],
  options: { skipExisting?: boolean } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const insert = db.insertInto('budgets').values(rows.slice(i, i + 200));
    const inserted = await (options.skipExisting
      ? insert.onConflict((oc) => oc.columns(['user_id', 'month', 'category_id']).doNothing())
      : insert
    )
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

export function updateBudget(db: Db, userId: number, id: number, values: Updateable<BudgetsTable>) {
  return db.updateTable('budgets').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Erases a month's budgets (value 0, active 0): the number of budgets it changed. */
export async function eraseMonth(db: Db, userId: number, month: string, now: string): Promise<number> {
  const result = await db
    .updateTable('budgets')
    .set({ value: 0, active: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .where((eb) => eb.or([eb('active', '=', 1), eb('value', '<>', 0)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The expenses of a date range that belong to a series — a fixed charge's occurrences and a purchase's
 * installments — with their category and date (POST /budget/fill: what is already known of a month, apart
 * from the spending a history average guesses). A range of entries_user_date; a few rows per month.
 */
export async function findSeriesExpenses(db: Db, userId: number, start: string, end: string) {
  const rows = await db
    .selectFrom('entries')
    .select(['category_id', 'date', 'value'])
    .where('user_id', '=', userId)
    .where('date', '>=', `${start}-01`)
    .where('date', '<=', `${end}-31`)
    .where('operation_id', '=', OPERATIONS.expense)
    .where('series_id', 'is not', null)
    .where('category_id', 'is not', null)
    .execute();
  return rows.map((r) => ({
    category_id: Number(r.category_id),
    month: r.date.slice(0, 7),
    value: Number(r.value),
  }));
}
