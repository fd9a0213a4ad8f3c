import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/app.ts';
import { EXPLAIN_MONTHS, explainFile, seedEntries } from '../../../test/explain.ts';
import { createAccount } from '../../../test/ledger/helpers.ts';
import { budgetsOfMonthsQuery } from '../budgets/budgets.repository.ts';
import { categoryMonthsQuery } from '../money-core/category-totals.repository.ts';
import { expenseCellsQuery, expenseSubcategoriesQuery, monthSumsQuery } from './reports.repository.ts';

/**
 * QUALITY.md guard: the report and budget reads use the aggregates' key (category_month_totals_key or
 * category_month_sums_key: user, basis, month, …) or budgets_user_month_category as a range, never a scan and never entries.
 */
const { ctx, db, kind, plan } = await explainFile();
let userId: number;

beforeAll(async () => {
  for (const label of ['other', 'subject']) {
    const user = await createUser(ctx, label);
    const account = await createAccount(user);
    await seedEntries(db, user.id, [account], 6);
    for (const month of EXPLAIN_MONTHS) {
      for (const category of [2, 3, 4, 5]) {
        await db
          .insertInto('budgets')
          .values({
            user_id: user.id,
            category_id: category,
            month,
            value: 1000,
            active: 1,
            created_at: '2026-01-01T00:00:00Z',
            updated_at: '2026-01-01T00:00:00Z',
          })
          .execute();
      }
    }
    userId = user.id;
  }
  await sql`analyze`.execute(db);
}, 120_000);

describe('EXPLAIN guard: reports and budgets', () => {
  const keyed = (text: string, table = 'category_month_totals') => {
    expect(text).not.toMatch(/\bentries\b/);
    if (kind === 'sqlite') {
      // SQLite names a WITHOUT ROWID table's key "PRIMARY KEY".
      expect(text).toMatch(
        new RegExp(
          `SEARCH ${table} USING PRIMARY KEY \\(user_id=\\? AND basis=\\? AND month>\\? AND month<\\?\\)`,
        ),
      );
      expect(text).not.toContain(`SCAN ${table}`);
    } else {
      expect(text).toContain(`${table}_key`);
      expect(text).not.toContain('Seq Scan');
    }
  };

  it('the category × month read (expense report, budget page, dashboard) is a range of the key', async () => {
    keyed(await plan(categoryMonthsQuery(db, userId, 'accrual', '2025-01', '2026-12')));
    keyed(await plan(categoryMonthsQuery(db, userId, 'cash', '2026-03', '2026-03')));
    keyed(await plan(expenseSubcategoriesQuery(db, userId, 'accrual', '2022-01', '2026-12', 3)));
  });

  it("the expense report's cells are a range of the per-category sums' key (migration 016)", async () => {
    const text = await plan(expenseCellsQuery(db, userId, 'accrual', '2022-01', '2026-12'));
    keyed(text, 'category_month_sums');
  });

  it('the per-month sums (analysis, investment, debt) are a range of the key, grouped in key order', async () => {
    const text = await plan(monthSumsQuery(db, userId, 'accrual', '2025-01', '2026-12'));
    keyed(text, 'category_month_sums');
    // The key's order is the GROUP BY's: no temporary sort on SQLite.
    if (kind === 'sqlite') expect(text).not.toContain('USE TEMP B-TREE');
  });

  it("a month's budgets are a range of budgets_user_month_category", async () => {
    const text = await plan(budgetsOfMonthsQuery(db, userId, '2026-03', '2026-03'));
    expect(text).toContain('budgets_user_month_category');
    if (kind === 'sqlite') expect(text).not.toMatch(/SCAN budgets/);
    else expect(text).not.toContain('Seq Scan');
  });
});
