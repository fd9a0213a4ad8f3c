import { addMonths, dateInMonth } from '@centavo/shared';
import { CompiledQuery, sql } from 'kysely';
import type { Db, DbKind } from '../src/db/connection.ts';
import { createEntry } from '../src/modules/entries/create.service.ts';
import { appForFile } from './app.ts';

/**
 * The query plan of a compiled query, for the EXPLAIN guard tests (QUALITY.md: the hot queries use the intended
 * index or aggregate). SQLite: the `explain query plan` details, one per line. PostgreSQL: the JSON plan, with
 * sequential and bitmap scans forbidden — on tiny test tables a whole-table read, or a bitmap read of a few rows
 * and a sort, is cheapest, and the test wants to see which index (and in which order) the planner would use at
 * the sizes where it matters.
 */
export async function queryPlan(db: Db, kind: DbKind, compiled: CompiledQuery): Promise<string> {
  if (kind === 'sqlite') {
    const result = await db.executeQuery(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return (result.rows as Array<{ detail: string }>).map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const result = await trx.executeQuery(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    return JSON.stringify(result.rows);
  });
}

/**
 * The head of an EXPLAIN guard test file: one app for the file (appForFile), its database and `plan(query)`,
 * the plan of a Kysely query there. The files fill their data in a beforeAll, for another user first, so a
 * plan that forgets the user shows it.
 */
export async function explainFile() {
  const ctx = await appForFile();
  const { db, kind } = ctx.database;
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(db, kind, query.compile());
  return { ctx, db, kind, plan };
}

/** The two years the EXPLAIN files fill, 2025-01 … 2026-12. */
export const EXPLAIN_MONTHS = Array.from({ length: 24 }, (_, m) => addMonths('2025-01', m));

/**
 * `perMonth` entries a month of EXPLAIN_MONTHS for the user, through the service (aggregates included): an
 * income in Salary every third day, else an expense in Food or Transport; every other one paid, alternating
 * between `accounts`.
 */
export async function seedEntries(
  db: Db,
  userId: number,
  accounts: number[],
  perMonth: number,
): Promise<void> {
  for (const [m, month] of EXPLAIN_MONTHS.entries()) {
    for (let d = 1; d <= perMonth; d++) {
      await createEntry(db, userId, {
        description: `e${m}-${d}`,
        value: 100 + d,
        date: dateInMonth(month, d),
        operation_id: d % 3 === 0 ? 1 : 2,
        category_id: d % 3 === 0 ? 14 : d % 2 === 0 ? 3 : 4,
        account_id: accounts[d % accounts.length] as number,
        paid: d % 2 === 0,
        fixed: false,
        limit_fixed_date: null,
      });
    }
  }
}
