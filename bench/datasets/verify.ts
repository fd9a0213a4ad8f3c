import { openDatabase } from '../../apps/api/src/db/connection.ts';
import {
  addEffects,
  findTotalsRows,
  type TotalsDelta,
} from '../../apps/api/src/modules/money-core/account-totals.repository.ts';

/**
 * Checks a dataset's aggregate table against the app's own `addEffects` over every entry of a user (the
 * definition the app maintains on each write), and the user's money volume against Σ |values| + Σ |initial
 * balances|. Returns the number of mismatching (account, month) rows, plus one if the volume differs.
 */
export async function verifyAggregates(
  url: string,
  userId: number,
): Promise<{ rows: number; mismatches: number }> {
  const handle = openDatabase(url, { poolSize: 1 });
  try {
    const entries = await handle.db
      .selectFrom('entries')
      .select([
        'account_id',
        'destination_account_id',
        'operation_id',
        'value',
        'date',
        'paid',
        'card_id',
        'invoice_month',
        'category_id',
        'sub_category_id',
        'installment_count',
      ])
      .where('user_id', '=', userId)
      .execute();
    const expected = new Map<string, TotalsDelta>();
    addEffects(expected, entries, 1);
    const actual = await findTotalsRows(handle.db, userId);
    let mismatches = 0;
    const fields = [
      'income',
      'expense',
      'investment',
      'transfer_in',
      'transfer_out',
      'net',
      'paid_net',
    ] as const;
    for (const row of actual) {
      const want = expected.get(`${row.account_id}|${row.month}`);
      if (!want || fields.some((f) => Number(row[f]) !== want[f])) mismatches += 1;
      expected.delete(`${row.account_id}|${row.month}`);
    }
    // Keys the app would have written but the dataset lacks (all-zero deltas are never written).
    for (const d of expected.values()) if (fields.some((f) => d[f] !== 0)) mismatches += 1;
    const accounts = await handle.db
      .selectFrom('accounts')
      .select('initial_balance')
      .where('user_id', '=', userId)
      .execute();
    const volume = await handle.db
      .selectFrom('user_money_totals')
      .select('volume')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const sumAbs = (values: number[]) => values.reduce((sum, v) => sum + Math.abs(v), 0);
    const expectedVolume =
      sumAbs(entries.map((e) => e.value)) + sumAbs(accounts.map((a) => a.initial_balance));
    if (Number(volume?.volume) !== expectedVolume) mismatches += 1;
    return { rows: actual.length, mismatches };
  } finally {
    await handle.close();
  }
}
