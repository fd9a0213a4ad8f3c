import { addMonths, dateInMonth } from '@centavo/shared';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/app.ts';
import type { Db } from '../../db/connection.ts';
import { createAccount } from '../ledger/ledger.test-helpers.ts';
import { entriesListJsonQuery } from './entries.list.ts';
import { createEntry } from './entries.service.ts';
import { monthBalanceQuery, totalsByAccountQuery } from './totals.repository.ts';

/**
 * QUALITY.md guard: the hot queries use the intended index or aggregate on both dialects. The month list
 * (as GET /entry runs it: entriesListJsonQuery of entries.list.ts) must range-scan entries_user_date in its
 * ORDER BY (no sort step), or with an account filter the account and destination indexes; a page of it must
 * find its keys and its total in those indexes alone and read only the page's rows; the balance query must
 * read account_month_totals through account_month_totals_key (never entries).
 */
let ctx: TestContext;
let userId: number;

async function plan(db: Db, compiled: CompiledQuery): Promise<string> {
  if (ctx.database.kind === 'sqlite') {
    const result = await db.executeQuery(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return (result.rows as Array<{ detail: string }>).map((r) => r.detail).join('\n');
  }
  // Tiny test tables make a sequential scan cheapest; forbid it so the planner shows which index it would use.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    return JSON.stringify(result.rows);
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  for (const label of ['other', 'subject']) {
    const user = await createUser(ctx, label);
    const accounts = [await createAccount(user), await createAccount(user)];
    for (let m = 0; m < 24; m++) {
      const month = addMonths('2025-01', m);
      for (let d = 1; d <= 20; d++) {
        await createEntry(db, user.id, {
          description: `e${m}-${d}`,
          value: 100 + d,
          date: dateInMonth(month, d),
          operation_id: d % 3 === 0 ? 1 : 2,
          category_id: d % 3 === 0 ? 14 : d % 2 === 0 ? 3 : 4,
          account_id: accounts[d % 2] as number,
          paid: d % 2 === 0,
          fixed: false,
          limit_fixed_date: null,
        });
      }
    }
    userId = user.id;
  }
  await sql`analyze`.execute(db);
}, 120_000);
afterAll(async () => ctx.close());

describe('EXPLAIN guard', () => {
  it('month list with a filter range-scans entries_user_date in ORDER BY order', async () => {
    const db = ctx.database.db;
    for (const filter of [{ category_id: 3 }, { operation_id: 2, paid: true }, { q: 'e1' }]) {
      const query = entriesListJsonQuery(db, userId, {
        start: '2026-03-01',
        end: '2026-03-31',
        ...filter,
      }).compile(db);
      const text = await plan(db, query);
      // The paid filter may take entries_user_paid_date (user_id, paid, date[, rowid]): same range, same order.
      const intended = 'paid' in filter ? /entries_user_(paid_)?date/ : /entries_user_date/;
      expect(text, JSON.stringify(filter)).toMatch(intended);
      if (ctx.database.kind === 'sqlite') {
        expect(text).not.toContain('TEMP B-TREE');
        expect(text).not.toMatch(/SCAN entries(?! USING)/);
      } else {
        // PostgreSQL may prefer a bitmap scan of the same index plus a sort for a small month (its cost call);
        // what must never happen is reading the user's whole history.
        expect(text).not.toContain('Seq Scan');
        expect(text).toContain('date >=');
      }
    }
  });

  it('month list with an account filter range-scans the account and destination indexes', async () => {
    const db = ctx.database.db;
    const account = (
      await db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const query = entriesListJsonQuery(db, userId, {
      start: '2026-03-01',
      end: '2026-03-31',
      account_id: account,
    }).compile(db);
    const text = await plan(db, query);
    expect(text).toContain('entries_user_account_date');
    expect(text).toContain('entries_user_destination');
    if (ctx.database.kind === 'sqlite') {
      expect(text).not.toMatch(/SCAN entries(?! USING)/);
      // The two ranges are merged in (date, id) order, which is also the order group_concat joins them in.
      expect(text).toContain('MERGE (UNION ALL)');
      expect(text).not.toContain('TEMP B-TREE');
    } else {
      expect(text).not.toContain('Seq Scan');
    }
  });

  it('a deep page finds its keys and its total in the indexes alone, then reads only its rows by id', async () => {
    const db = ctx.database.db;
    const account = (
      await db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const month = { start: '2026-03-01', end: '2026-03-31' };
    // As the route runs page 3 of ENTRY_PAGE_SIZE-sized pages (entries.routes.ts).
    const page = { page: 3, perPage: 500 };
    const byAccount = await plan(
      db,
      entriesListJsonQuery(db, userId, { ...month, account_id: account }, page).compile(db),
    );
    const whole = await plan(db, entriesListJsonQuery(db, userId, month, page).compile(db));
    if (ctx.database.kind === 'sqlite') {
      // OFFSET skips keys, not JSON: the ordered, limited part reads covering indexes only, so no skipped row
      // is looked up or written; each page row is then one rowid lookup.
      const searches = byAccount.split('\n').filter((line) => line.startsWith('SEARCH entries USING'));
      const count = (pattern: RegExp) => searches.filter((line) => pattern.test(line)).length;
      expect(byAccount).toContain('MERGE (UNION ALL)');
      // Keys and total, each half: two searches of each index, both covering.
      expect(count(/COVERING INDEX entries_user_account_date \(/)).toBe(2);
      expect(count(/COVERING INDEX entries_user_destination \(/)).toBe(2);
      expect(count(/INTEGER PRIMARY KEY/)).toBe(1);
      expect(searches).toHaveLength(5);
      expect(byAccount).not.toContain('TEMP B-TREE');
      expect(whole).toMatch(/COVERING INDEX entries_user_date \(/);
      expect(whole).toContain('INTEGER PRIMARY KEY');
      expect(whole).not.toMatch(/SEARCH entries USING INDEX/);
      expect(whole).not.toContain('TEMP B-TREE');
      for (const text of [byAccount, whole]) expect(text).not.toMatch(/SCAN entries(?! USING)/);
    } else {
      // PostgreSQL: the keys and the counts from the indexes; the page's rows by primary key.
      expect(byAccount).toContain('entries_user_account_date');
      expect(byAccount).toContain('entries_user_destination');
      expect(byAccount).toContain('entries_pkey');
      expect(whole).toContain('entries_user_date');
      expect(whole).toContain('entries_pkey');
      for (const text of [byAccount, whole]) expect(text).not.toContain('Seq Scan');
    }
  });

  it('the balance query reads the monthly aggregates through account_month_totals_key', async () => {
    const db = ctx.database.db;
    const text = await plan(db, totalsByAccountQuery(db, userId, '2026-03').compile());
    // SQLite names a WITHOUT ROWID table's key "PRIMARY KEY"; PostgreSQL names it after the constraint.
    expect(text).toMatch(
      ctx.database.kind === 'sqlite' ? /account_month_totals USING PRIMARY KEY/ : /account_month_totals_key/,
    );
    expect(text).not.toContain('entries');
    if (ctx.database.kind === 'postgres') expect(text).not.toContain('Seq Scan');
  });

  it('GET /entry/balance reads the aggregates by key and never entries', async () => {
    const db = ctx.database.db;
    const text = await plan(db, monthBalanceQuery(db, userId, '2026-03', '2026-11').compile());
    expect(text).toMatch(
      ctx.database.kind === 'sqlite' ? /account_month_totals USING PRIMARY KEY/ : /account_month_totals_key/,
    );
    expect(text).not.toMatch(/\bentries\b/);
    if (ctx.database.kind === 'sqlite') expect(text).not.toMatch(/SCAN account_month_totals(?! USING)/);
    else expect(text).not.toMatch(/Seq Scan on account_month_totals/);
  });
});
