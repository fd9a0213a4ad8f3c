import { describe, expect, it } from 'vitest';
import { appForFile, createUser } from '../../../test/app.ts';
import { createAccount } from '../../../test/ledger/helpers.ts';

const ctx = await appForFile();

describe('concurrent writes of one user', () => {
  // Found by the peer benchmark on PostgreSQL: transfers in opposite directions, written at once, locked the
  // two accounts' aggregate rows in opposite orders and deadlocked (40P01 → 500).
  it('transfers in opposite directions, ten at a time, all succeed and add up', async () => {
    const user = await createUser(ctx);
    const a = await createAccount(user, { initial_balance: 0 });
    const b = await createAccount(user, { initial_balance: 0 });
    const transfer = (i: number) =>
      user.request({
        method: 'POST',
        url: '/api/v1/entry',
        payload: {
          description: `T${i}`,
          value: 100 + i,
          date: '2026-11-10',
          operation_id: 4,
          account_id: i % 2 ? a : b,
          destination_account_id: i % 2 ? b : a,
          paid: true,
        },
      });
    let expectedA = 0;
    for (let batch = 0; batch < 6; batch++) {
      const ids = Array.from({ length: 10 }, (_, k) => batch * 10 + k);
      const answers = await Promise.all(ids.map(transfer));
      expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 201));
      for (const i of ids) expectedA += i % 2 ? -(100 + i) : 100 + i;
    }
    const balance = (await user.request({ url: '/api/v1/entry/balance?month=2026-11' })).json();
    const byAccount = new Map(
      balance.accounts.map((x: { account_id: number; closing_balance: number }) => [x.account_id, x]),
    );
    expect(byAccount.get(a)).toMatchObject({ closing_balance: expectedA });
    expect(byAccount.get(b)).toMatchObject({ closing_balance: -expectedA });
  });
});
