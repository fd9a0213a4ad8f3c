import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense, income } from '../../../test/ledger/helpers.ts';
import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { rowsOf, stage } from '../import/import.test-helpers.ts';
import { applyEntryChanges } from '../money-core/effects.ts';
import { entryColumns } from '../money-core/entry-rows.repository.ts';

/**
 * POST /rule/{id}/apply and rules on import rows (DESIGN.md §9): apply changes only uncategorised entries, in
 * one transaction, and leaves every aggregate equal to a recomputation from the entries; import rows show
 * the rule that categorised them.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Json = Record<string, unknown>;

async function send(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json) {
  return user.request({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
}

const AGGREGATES = ['account_month_totals', 'card_invoice_totals', 'category_month_totals'] as const;

/** Every aggregate row of the user (zero rows left out), as comparable text. */
async function aggregates(userId: number, db: Db = ctx.database.db): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of AGGREGATES) {
    const rows = (await db.selectFrom(table).selectAll().where('user_id', '=', userId).execute()) as Json[];
    out[table] = rows
      .filter((r) =>
        Object.entries(r).some(
          ([k, v]) =>
            !['user_id', 'account_id', 'card_id', 'category_id', 'sub_category_id'].includes(k) &&
            typeof v !== 'string' &&
            Number(v) !== 0,
        ),
      )
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)])),
        ),
      )
      .sort();
  }
  return JSON.stringify(out);
}

/**
 * The aggregates recomputed from nothing: every aggregate row cleared, then all the user's entries applied
 * once through the money core (as if each had just been created). Rolled back.
 */
async function recomputed(userId: number): Promise<string> {
  let figures = '';
  await inTransaction(ctx.database.db, async (trx) => {
    for (const table of AGGREGATES) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    const entries = await trx
      .selectFrom('entries')
      .select(entryColumns)
      .where('user_id', '=', userId)
      .execute();
    await applyEntryChanges(trx, userId, [], entries);
    figures = await aggregates(userId, trx);
    throw new Rollback();
  }).catch((e) => {
    if (!(e instanceof Rollback)) throw e;
  });
  return figures;
}

class Rollback extends Error {}

const bare = (account: number, over: Json = {}) =>
  expense(account, { category_id: null, sub_category_id: null, ...over });

describe('POST /rule/{id}/apply', () => {
  it('categorises the matching uncategorised entries only; aggregates equal a recomputation', async () => {
    const user = await createUser(ctx, 'A');
    const acc = await createAccount(user, { initial_balance: 100000 });
    const card = (
      await send(user, 'POST', '/card', {
        name: 'Nu',
        limit: 500000,
        close_day: 10,
        expiration_day: 17,
        account_id: acc,
      })
    ).json().id as number;
    const tag = (await send(user, 'POST', '/tag', { name: 'bakery' })).json().id as number;
    const a = await createEntry(
      user,
      bare(acc, { description: 'Padaria Pão Quente', value: 1250, date: '2026-10-02' }),
    );
    const b = await createEntry(
      user,
      bare(acc, { description: 'PADARÍA da esquina', value: 800, installments: 3 }),
    );
    const { account_id: _x, ...purchase } = bare(acc, { description: 'padaria no cartão', value: 990 });
    const c = await createEntry(user, { ...purchase, card_id: card });
    const kept = await createEntry(
      user,
      expense(acc, { description: 'Padaria categorised', category_id: 4, sub_category_id: null }),
    );
    const other = await createEntry(user, bare(acc, { description: 'Uber' }));
    const refund = await createEntry(user, income(acc, { description: 'Padaria refund', category_id: null }));
    const before = await send(user, 'GET', '/category/dashboard?month=2026-11');
    const volume = () =>
      ctx.database.db
        .selectFrom('user_money_totals')
        .select('volume')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
    const volumeBefore = Number((await volume())?.volume);

    const rule = (
      await send(user, 'POST', '/rule', {
        name: 'Bakery',
        conditions: [{ field: 'description', op: 'contains', value: 'padaria' }],
        actions: { category_id: 3, sub_category_id: 5, tags: [tag] },
      })
    ).json();
    const preview = (
      await send(user, 'POST', '/rule/preview', { conditions: rule.conditions, match: rule.match })
    ).json();
    expect(preview).toMatchObject({ count: 7, uncategorised: 6 });

    const res = await send(user, 'POST', `/rule/${rule.id}/apply`);
    expect(res.statusCode, res.body).toBe(200);
    // 1 + 3 installments + the card purchase, and the income refund gets the tag but no expense category.
    expect(res.json()).toEqual({ updated: 6 });

    const get = async (id: number) => (await send(user, 'GET', `/entry/${id}`)).json();
    for (const id of [a.id, b.id, c.id]) {
      expect(await get(id)).toMatchObject({ category_id: 3, sub_category_id: 5, tags: [tag] });
    }
    expect(await get(kept.id)).toMatchObject({ category_id: 4, tags: [] });
    expect(await get(other.id)).toMatchObject({ category_id: null });
    expect(await get(refund.id)).toMatchObject({ category_id: null, tags: [tag] });
    expect(await aggregates(user.id)).toBe(await recomputed(user.id));
    // Categorising moves no money: the volume (docs/decisions/money-limits.md) is unchanged.
    expect(Number((await volume())?.volume)).toBe(volumeBefore);
    expect(JSON.stringify((await send(user, 'GET', '/category/dashboard?month=2026-11')).json())).not.toBe(
      JSON.stringify(before.json()),
    );

    expect((await send(user, 'GET', `/rule/${rule.id}`)).json().match_count).toBe(6);
    const logs = (await send(user, 'GET', '/account-logs?per_page=5')).json().data as Json[];
    expect(logs[0]).toMatchObject({ event: 'rule_applied', details: { rule_id: rule.id, updated: 6 } });
    // Applying again changes nothing: the refund still matches, but already has the tag.
    expect((await send(user, 'POST', `/rule/${rule.id}/apply`)).json().updated).toBe(0);
    expect(await aggregates(user.id)).toBe(await recomputed(user.id));
  });

  it('a rule that turns expenses into income moves the money, and the aggregates still equal a recomputation', async () => {
    const user = await createUser(ctx, 'O');
    const acc = await createAccount(user);
    const e = await createEntry(user, bare(acc, { description: 'Estorno loja', value: 4321 }));
    const rule = (
      await send(user, 'POST', '/rule', {
        name: 'Refunds',
        conditions: [{ field: 'description', op: 'starts_with', value: 'ESTORNO' }],
        actions: { operation_id: 1, category_id: 14 },
      })
    ).json();
    const balance = async () => (await send(user, 'GET', '/entry/balance?month=2026-11')).json();
    const before = await balance();
    expect((await send(user, 'POST', `/rule/${rule.id}/apply`)).json()).toEqual({ updated: 1 });
    expect((await send(user, 'GET', `/entry/${e.id}`)).json()).toMatchObject({
      operation_id: 1,
      category_id: 14,
    });
    const after = await balance();
    expect(after.income - before.income).toBe(4321);
    expect(after.expense - before.expense).toBe(-4321);
    expect(await aggregates(user.id)).toBe(await recomputed(user.id));
  });

  it('a category deleted after the rule was saved is never written', async () => {
    const user = await createUser(ctx, 'X');
    const acc = await createAccount(user);
    const own = (await send(user, 'POST', '/category', { name: 'Pets', type: 'expense' })).json()
      .id as number;
    const rule = (
      await send(user, 'POST', '/rule', {
        name: 'Vet',
        on_create: true,
        conditions: [{ field: 'description', op: 'contains', value: 'vet' }],
        actions: { category_id: own, description: 'Vet clinic' },
      })
    ).json();
    // Gone underneath the rule (however it went): the rule still names it.
    await ctx.database.db.deleteFrom('categories').where('id', '=', own).execute();
    const created = await createEntry(user, bare(acc, { description: 'VET 24h' }));
    expect(created).toMatchObject({ category_id: null, description: 'Vet clinic' });
    expect((await send(user, 'POST', `/rule/${rule.id}/apply`)).json()).toEqual({ updated: 0 });
  });

  it('another user’s rule answers 404', async () => {
    const alice = await createUser(ctx, 'Alice');
    const bob = await createUser(ctx, 'Bob');
    const rule = (
      await send(bob, 'POST', '/rule', {
        name: 'x',
        conditions: [{ field: 'value', op: 'gt', value: 0 }],
        actions: { category_id: 3 },
      })
    ).json();
    expect((await send(alice, 'POST', `/rule/${rule.id}/apply`)).statusCode).toBe(404);
  });
});

describe('rules on import rows', () => {
  it('the first matching rule categorises a row and the row names it; the rest fall back', async () => {
    const user = await createUser(ctx, 'I');
    const acc = await createAccount(user);
    const low = (
      await send(user, 'POST', '/rule', {
        name: 'Market',
        conditions: [
          { field: 'description', op: 'matches', value: 'mercado bom pre[cç]o' },
          { field: 'account_id', op: 'is', value: acc },
        ],
        actions: { category_id: 3, sub_category_id: 5 },
      })
    ).json();
    const high = (
      await send(user, 'POST', '/rule', {
        name: 'Bread first',
        priority: 0,
        conditions: [{ field: 'description', op: 'contains', value: 'PAO QUENTE' }],
        actions: { category_id: 4, description: 'Bakery' },
      })
    ).json();
    await send(user, 'PUT', '/rule/order', { ids: [high.id, low.id] });
    await send(user, 'POST', '/rule', {
      name: 'Bread later',
      conditions: [{ field: 'description', op: 'contains', value: 'padaria' }],
      actions: { category_id: 3 },
    });
    const staged = await stage(user, 'nubank-account.csv', { account_id: acc });
    const rows = await rowsOf(user, staged.id);
    expect(rows.map((r) => [r.description, r.category_id, r.sub_category_id, r.rule_id])).toEqual([
      ['Bakery', 4, null, high.id],
      ['Transferência recebida pelo Pix - MARIA SILVA', null, null, null],
      ['Compra no débito - Mercado Bom Preço, Loja 2', 3, 5, low.id],
      ['Compra no débito - Mercado Bom Preço, Loja 2', 3, 5, low.id],
    ]);
    expect((await send(user, 'GET', `/rule/${low.id}`)).json().match_count).toBe(2);
  });
});
