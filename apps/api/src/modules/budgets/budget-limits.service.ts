import type { BudgetBatchResult, BudgetLimit } from '@centavo/shared';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import {
  deleteBudgetLimit,
  findBudgetLimits,
  insertBudgetLimitIfMissing,
  upsertBudgetLimit,
} from './budget-limits.repository.ts';

/**
 * The overall spending limit of a month (issue 23, docs/decisions/budgets.md): one per user and month, beside
 * the per-category budgets; its spending is the budget summary's (listCategoryBudgets adds it to the page).
 */

/** PUT /budget/limit: sets the month's limit (a second set replaces it). */
export async function setBudgetLimit(
  db: Db,
  userId: number,
  body: { month: string; value: number },
): Promise<BudgetLimit> {
  await upsertBudgetLimit(db, userId, body.month, body.value, nowIso());
  return { month: body.month, value: body.value };
}

/** DELETE /budget/limit?month=: 404 when the month has none (also for the second of two removals at once). */
export async function removeBudgetLimit(db: Db, userId: number, month: string): Promise<void> {
  if (!(await deleteBudgetLimit(db, userId, month))) throw notFound('budgetLimitNotFound');
}

/**
 * POST /budget/replicate's part for the limit: the source month's limit copied to `months` in the caller's
 * transaction, counted like a budget (a month that has one is kept unless `overwrite`; one a concurrent
 * replication wrote meanwhile is kept as it wrote it and counted as skipped).
 */
export async function replicateBudgetLimit(
  trx: Db,
  userId: number,
  month: string,
  months: readonly string[],
  overwrite: boolean,
): Promise<BudgetBatchResult> {
  const result: BudgetBatchResult = { created: 0, updated: 0, skipped: 0 };
  const [source] = await findBudgetLimits(trx, userId, month, month);
  const first = months[0];
  const last = months.at(-1);
  if (!source || first === undefined || last === undefined) return result;
  const existing = new Set(
    (await findBudgetLimits(trx, userId, first, last, { lock: true })).map((r) => r.month),
  );
  const now = nowIso();
  for (const target of months) {
    if (existing.has(target)) {
      if (!overwrite) {
        result.skipped += 1;
        continue;
      }
      await upsertBudgetLimit(trx, userId, target, source.value, now);
      result.updated += 1;
    } else if (await insertBudgetLimitIfMissing(trx, userId, target, source.value, now)) {
      result.created += 1;
    } else {
      result.skipped += 1;
    }
  }
  return result;
}

/** GET /budget/deleteByMonth's part: the month's limit goes too (1 when it had one). */
export async function eraseBudgetLimit(trx: Db, userId: number, month: string): Promise<number> {
  return (await deleteBudgetLimit(trx, userId, month)) ? 1 : 0;
}

/** The sum of two batch results (the budgets' and the limit's). */
export function addResults(a: BudgetBatchResult, b: BudgetBatchResult): BudgetBatchResult {
  return { created: a.created + b.created, updated: a.updated + b.updated, skipped: b.skipped + a.skipped };
}
