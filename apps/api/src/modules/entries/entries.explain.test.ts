import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/app.ts';
import { explainFile, seedEntries } from '../../../test/explain.ts';
import { createAccount } from '../../../test/ledger/helpers.ts';
import { monthBalanceQuery, totalsByAccountQuery } from '../money-core/account-totals.repository.ts';
import { type EntryQuery, entriesCountQuery, entriesListQuery } from './entries.repository.ts';

/**
 * QUALITY.md guard: the hot queries use the intended index or aggregate on both dialects. The month list
 * (as GET /entry runs it: entriesListQuery of entries.repository.ts) must range-scan entries_user_date in
 * its ORDER BY (no sort step), whatever the filters, and a page's total must count a range of the indexes;
 * the balance queries must read account_month_totals through account_month_totals_key (never entries).
 */
const { ctx, db, kind, plan } = await explainFile();
let userId: number;

beforeAll(async () => {
  for (const label of ['other', 'subject']) {
    const user = await createUser(ctx, label);
    const accounts = [await createAccount(user), await createAccount(user)];
    await seedEntries(db, user.id, accounts, 20);
    userId = user.id;
  }
  await sql`analyze`.execute(db);
}, 120_000);

describe('EXPLAIN guard', () => {
  const month = { start: '2026-03-01', end: '2026-03-31' };
  const firstAccount = async () =>
    (
      await ctx.database.db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('the month list, filtered or not, a page or the whole, range-scans entries_user_date in ORDER BY order', async () => {
    const account = await firstAccount();
    const filters: Array<Omit<EntryQuery, 'start' | 'end'>> = [
      {},
      { account_id: account },
      { category_id: 3 },
      { operation_id: 2, paid: true },
      { q: 'e1' },
    ];
    for (const filter of filters) {
      for (const page of [undefined, { limit: 500, offset: 1000 }]) {
        const text = await plan(entriesListQuery(db, userId, { ...month, ...filter }, page));
        const what = JSON.stringify({ filter, page });
        // The paid filter may take entries_user_paid_date (user_id, paid, date[, rowid]): same range, same
        // order. PostgreSQL may read an account's month from the two account indexes (a BitmapOr, then a sort
        // of those rows: its cost call on a small month).
        const intended =
          'paid' in filter
            ? /entries_user_(paid_)?date/
            : 'account_id' in filter && kind === 'postgres'
              ? /entries_user_date|entries_user_account_date.*entries_user_destination/
              : /entries_user_date/;
        expect(text, what).toMatch(intended);
        if (kind === 'sqlite') {
          expect(text, what).toMatch(
            /SEARCH entries USING (COVERING )?INDEX entries_user_(paid_)?date \(user_id=\? AND (paid=\? AND )?date>\? AND date<\?\)/,
          );
          expect(text, what).not.toContain('TEMP B-TREE');
          expect(text, what).not.toMatch(/SCAN entries(?! USING)/);
        } else {
          // PostgreSQL may prefer a bitmap scan of the same index plus a sort for a small month (its cost
          // call); what must never happen is reading the user's whole history.
          expect(text, what).not.toContain('Seq Scan');
          expect(text, what).toContain('date >=');
        }
      }
    }
  });

  it("a page's total counts a range of the indexes, never the user's whole history", async () => {
    const account = await firstAccount();
    const whole = await plan(entriesCountQuery(db, userId, month));
    const byAccount = await plan(entriesCountQuery(db, userId, { ...month, account_id: account }));
    if (kind === 'sqlite') {
      // Without a filter the index alone answers; with an account, SQLite (with statistics) reads the two
      // account indexes' ranges for the month (MULTI-INDEX OR), or the month's range of entries_user_date.
      expect(whole).toMatch(
        /SEARCH entries USING COVERING INDEX entries_user_date \(user_id=\? AND date>\? AND date<\?\)/,
      );
      expect(byAccount).toMatch(
        /entries_user_account_date \(user_id=\? AND account_id=\? AND date>\? AND date<\?\)[\s\S]*entries_user_destination \(user_id=\? AND destination_account_id=\? AND date>\? AND date<\?\)|entries_user_date \(user_id=\? AND date>\? AND date<\?\)/,
      );
      for (const text of [whole, byAccount]) expect(text).not.toMatch(/SCAN entries(?! USING)/);
    } else {
      expect(whole).toContain('entries_user_date');
      expect(byAccount).toMatch(/entries_user_(date|account_date|destination)/);
      for (const text of [whole, byAccount]) {
        expect(text).not.toContain('Seq Scan');
        expect(text).toContain('date >=');
      }
    }
  });

  it('the balance query reads the monthly aggregates through account_month_totals_key', async () => {
    const text = await plan(totalsByAccountQuery(db, userId, '2026-03'));
    // SQLite names a WITHOUT ROWID table's key "PRIMARY KEY"; PostgreSQL names it after the constraint.
    expect(text).toMatch(
      kind === 'sqlite' ? /account_month_totals USING PRIMARY KEY/ : /account_month_totals_key/,
    );
    expect(text).not.toContain('entries');
    if (kind === 'postgres') expect(text).not.toContain('Seq Scan');
  });

  it('GET /entry/balance reads the aggregates by key and never entries', async () => {
    const text = await plan(monthBalanceQuery(db, userId, '2026-03', '2026-11'));
    expect(text).toMatch(
      kind === 'sqlite' ? /account_month_totals USING PRIMARY KEY/ : /account_month_totals_key/,
    );
    expect(text).not.toMatch(/\bentries\b/);
    if (kind === 'sqlite') expect(text).not.toMatch(/SCAN account_month_totals(?! USING)/);
    else expect(text).not.toMatch(/Seq Scan on account_month_totals/);
  });
});
