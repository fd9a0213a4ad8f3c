import type { Db } from '../../db/connection.ts';

export interface BudgetLimitRow {
  month: string;
  value: number;
}

const toRow = (r: BudgetLimitRow): BudgetLimitRow => ({ month: r.month, value: Number(r.value) });

/** A range of months' overall limits; `{lock: true}` locks them for a batch write (replicate). */
export async function findBudgetLimits(
  db: Db,
  userId: number,
  start: string,
  end: string,
  options: { lock?: boolean } = {},
): Promise<BudgetLimitRow[]> {
  const query = db
    .selectFrom('budget_limits')
    .select(['month', 'value'])
    .where('user_id', '=', userId)
    .where('month', '>=', start)
    .where('month', '<=', end)
    .orderBy('month');
  return (await (options.lock ? query.forUpdate() : query).execute()).map(toRow);
}

/**
 * Sets a month's limit in one statement: an insert that becomes an update on the (user, month) key, so two
 * requests at once leave one row, with the value of the one that ran last (docs/decisions/budgets.md).
 */
export async function upsertBudgetLimit(
  db: Db,
  userId: number,
  month: string,
  value: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('budget_limits')
    .values({ user_id: userId, month, value, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'month']).doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * Inserts a month's limit unless it has one (a concurrent replication wrote it meanwhile): whether this
 * request wrote it.
 */
export async function insertBudgetLimitIfMissing(
  db: Db,
  userId: number,
  month: string,
  value: number,
  now: string,
): Promise<boolean> {
  const written = await db
    .insertInto('budget_limits')
    .values({ user_id: userId, month, value, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .returning('month')
    .execute();
  return written.length > 0;
}

/** Removes a month's limit: whether there was one (a second removal at once finds none). */
export async function deleteBudgetLimit(db: Db, userId: number, month: string): Promise<boolean> {
  const result = await db
    .deleteFrom('budget_limits')
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
