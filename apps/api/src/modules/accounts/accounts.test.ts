import { describe, expect, it } from 'vitest';
import { appWithUser, createUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';

const { ctx, user } = await appWithUser();

describe('accounts', () => {
  it('creates, reads, updates and lists accounts with balances', async () => {
    const res = await user.request({
      method: 'POST',
      url: '/api/v1/account',
      payload: {
        name: ' Main ',
        bank_id: 6,
        type: 'savings',
        initial_balance: -2500,
        color: '#1a2b3c',
        user_id: 999,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      name: 'Main',
      bank_id: 6,
      type: 'savings',
      initial_balance: -2500,
      color: '#1a2b3c',
      archived: false,
      balance: -2500,
      predicted_balance: -2500,
    });
    const row = await ctx.database.db
      .selectFrom('accounts')
      .select('user_id')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);

    const updated = await user.request({
      method: 'PUT',
      url: `/api/v1/account/${account.id}`,
      payload: { name: 'Renamed', initial_balance: 100, bank_id: null, archived: true },
    });
    expect(updated.json()).toMatchObject({
      name: 'Renamed',
      initial_balance: 100,
      bank_id: null,
      archived: true,
      balance: 100,
    });

    const visible = (await user.request({ method: 'GET', url: '/api/v1/account' })).json().data;
    expect(visible.map((a: { id: number }) => a.id)).not.toContain(account.id);
    const all = (await user.request({ method: 'GET', url: '/api/v1/account?include_archived=true' })).json()
      .data;
    expect(all.map((a: { id: number }) => a.id)).toContain(account.id);
    expect((await user.request({ method: 'GET', url: `/api/v1/account/${account.id}` })).json().name).toBe(
      'Renamed',
    );
  });

  it('rejects bad input with 422 and unknown banks with 404', async () => {
    for (const [payload, field] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'A', type: 'credit' }, 'type'],
      [{ name: 'A', initial_balance: 1.5 }, 'initial_balance'],
      [{ name: 'A', initial_balance: '10' }, 'initial_balance'],
      [{ name: 'A', color: 'red' }, 'color'],
      [{ name: 'A', archived: 'yes' }, 'archived'],
    ] as const) {
      const res = await user.request({ method: 'POST', url: '/api/v1/account', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    const res = await user.request({
      method: 'POST',
      url: '/api/v1/account',
      payload: { name: 'A', bank_id: 99999 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual({
      bank_id: ['The bank field points to something that does not exist'],
    });
    const id = await createAccount(user);
    expect(
      (await user.request({ method: 'PUT', url: `/api/v1/account/${id}`, payload: { type: 'x' } }))
        .statusCode,
    ).toBe(422);
    expect((await user.request({ method: 'GET', url: '/api/v1/account/99999' })).statusCode).toBe(404);
    expect((await user.request({ method: 'GET', url: '/api/v1/account?month=2026-13' })).statusCode).toBe(
      422,
    );
  });

  it('balance counts paid entries up to today and predicted every entry through the viewed month', async () => {
    const u = await createUser(ctx);
    const id = await createAccount(u, { initial_balance: 10000 });
    await createEntry(u, expense(id, { value: 1000, date: '2026-01-10', paid: true }));
    await createEntry(u, expense(id, { value: 300, date: '2026-01-11' }));
    await createEntry(u, expense(id, { value: 50, date: '2030-05-01' }));
    const now = (await u.request({ method: 'GET', url: `/api/v1/account/${id}` })).json();
    expect(now).toMatchObject({ balance: 9000, predicted_balance: 8700 });
    const later = (await u.request({ method: 'GET', url: `/api/v1/account/${id}?month=2030-05` })).json();
    expect(later).toMatchObject({ balance: 9000, predicted_balance: 8650 });
  });

  it('DELETE: 409 while it has entries; delete_entries=true (query or body) removes them in one go', async () => {
    const u = await createUser(ctx);
    const a = await createAccount(u, { initial_balance: 1000 });
    const b = await createAccount(u, { initial_balance: 0 });
    await createEntry(u, expense(a, { paid: true }));
    await createEntry(u, expense(a, { installments: 3 }));
    await createEntry(u, {
      description: 'T',
      value: 200,
      date: '2026-11-02',
      operation_id: 4,
      account_id: b,
      destination_account_id: a,
      paid: true,
    });
    const conflict = await u.request({ method: 'DELETE', url: `/api/v1/account/${a}` });
    expect(conflict.statusCode).toBe(409);
    // 1 + 3 installments + the transfer in: the count is a field, so a client never parses the text.
    expect(conflict.json()).toMatchObject({
      code: 'CONFLICT',
      key: 'accountHasEntries',
      params: { count: 5 },
    });
    expect(
      (await u.request({ method: 'DELETE', url: `/api/v1/account/${a}?delete_entries=false` })).statusCode,
    ).toBe(409);
    expect((await u.request({ method: 'GET', url: `/api/v1/account/${a}` })).statusCode).toBe(200);

    const res = await u.request({
      method: 'DELETE',
      url: `/api/v1/account/${a}`,
      payload: { delete_entries: true },
    });
    expect(res.statusCode).toBe(204);
    expect((await u.request({ method: 'GET', url: `/api/v1/account/${a}` })).statusCode).toBe(404);
    const db = ctx.database.db;
    expect(await db.selectFrom('entries').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    // The transfer's other side is gone from b's aggregates too: b is back to its initial balance.
    expect((await u.request({ method: 'GET', url: `/api/v1/account/${b}` })).json()).toMatchObject({
      balance: 0,
      predicted_balance: 0,
    });
    const totals = await db
      .selectFrom('account_month_totals')
      .selectAll()
      .where('user_id', '=', u.id)
      .execute();
    expect(totals.every((t) => t.net === 0 && t.paid_net === 0 && t.transfer_out === 0)).toBe(true);

    const empty = await createAccount(u);
    expect((await u.request({ method: 'DELETE', url: `/api/v1/account/${empty}` })).statusCode).toBe(204);
    expect((await u.request({ method: 'DELETE', url: `/api/v1/account/${empty}` })).statusCode).toBe(404);
    expect((await u.request({ method: 'DELETE', url: '/api/v1/account/abc' })).statusCode).toBe(422);
  });

  it('requires a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
  });
});
