import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';

/** The rules API (DESIGN.md §9): CRUD and its validation, order, preview, on_create. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Json = Record<string, unknown>;

async function send(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) {
  return user.request({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
}

/** A rule: "padaria" → Food (3) › Groceries (5) unless overridden. */
export function ruleBody(over: Json = {}): Json {
  return {
    name: 'Bakery',
    conditions: [{ field: 'description', op: 'contains', value: 'padaria' }],
    actions: { category_id: 3, sub_category_id: 5 },
    ...over,
  };
}

const uncategorised = (account: number, over: Json = {}) =>
  expense(account, { description: 'PADARÍA DO ZÉ', category_id: null, sub_category_id: null, ...over });

describe('rules CRUD', () => {
  it('creates, lists in order, reads, replaces and deletes a rule', async () => {
    const user = await createUser(ctx, 'U');
    const first = await send(user, 'POST', '/rule', ruleBody());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      match: 'all',
      priority: 0,
      enabled: true,
      on_create: false,
      match_count: 0,
    });
    const second = (await send(user, 'POST', '/rule', ruleBody({ name: 'Uber', match: 'any' }))).json();
    expect(second.priority).toBe(1);
    const list = (await send(user, 'GET', '/rule')).json().data as Json[];
    expect(list.map((r) => r.name)).toEqual(['Bakery', 'Uber']);

    const put = await send(user, 'PUT', `/rule/${second.id}`, ruleBody({ name: 'Uber trips', priority: 0 }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Uber trips', priority: 0, match: 'all' });
    expect((await send(user, 'GET', `/rule/${second.id}`)).json().name).toBe('Uber trips');

    const order = await send(user, 'PUT', '/rule/order', { ids: [second.id, first.json().id] });
    expect(order.statusCode, order.body).toBe(200);
    expect((order.json().data as Json[]).map((r) => [r.id, r.priority])).toEqual([
      [second.id, 0],
      [first.json().id, 1],
    ]);
    expect((await send(user, 'PUT', '/rule/order', { ids: [second.id] })).statusCode).toBe(422);

    expect((await send(user, 'DELETE', `/rule/${second.id}`)).statusCode).toBe(204);
    expect((await send(user, 'GET', `/rule/${second.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['an unknown field', { conditions: [{ field: 'notes', op: 'contains', value: 'x' }] }],
    ['an unknown operator', { conditions: [{ field: 'description', op: 'like', value: 'x' }] }],
    ['an unknown property', { conditions: [{ field: 'description', op: 'is', value: 'x', extra: 1 }] }],
    ['an operator of another field', { conditions: [{ field: 'value', op: 'contains', value: 'x' }] }],
    ['text for a value', { conditions: [{ field: 'value', op: 'gt', value: 'x' }] }],
    ['between upside down', { conditions: [{ field: 'value', op: 'between', value: [10, 5] }] }],
    ['no condition', { conditions: [] }],
    ['no action', { actions: {} }],
    ['a subcategory without category', { actions: { sub_category_id: 5 } }],
    ['a subcategory of another category', { actions: { category_id: 3, sub_category_id: 1 } }],
    ['an investment category', { actions: { category_id: 18 } }],
    ['a look-ahead pattern', { conditions: [{ field: 'description', op: 'matches', value: '(?=a)b' }] }],
    ['a back-reference', { conditions: [{ field: 'description', op: 'matches', value: '(a)\\1' }] }],
    ['an unknown top-level field', { colour: 'red' }],
    ['a pattern too long', { conditions: [{ field: 'description', op: 'matches', value: 'a'.repeat(201) }] }],
  ])('refuses %s with 422', async (_label, over) => {
    const user = await createUser(ctx, 'V');
    const res = await send(user, 'POST', '/rule', ruleBody(over));
    expect(res.statusCode, res.body).toBe(422);
  });
});

describe('rules on entries created', () => {
  it('on_create fills an entry created without a category; one created with a category keeps it', async () => {
    const user = await createUser(ctx, 'C');
    const acc = await createAccount(user);
    const rule = (await send(user, 'POST', '/rule', ruleBody({ on_create: true }))).json();
    await send(user, 'POST', '/rule', ruleBody({ name: 'Off', actions: { category_id: 4 } }));

    const bare = await createEntry(user, uncategorised(acc));
    expect(bare).toMatchObject({ category_id: 3, sub_category_id: 5 });
    const explicit = await createEntry(user, uncategorised(acc, { category_id: 4, sub_category_id: null }));
    expect(explicit).toMatchObject({ category_id: 4, sub_category_id: null });
    const other = await createEntry(user, uncategorised(acc, { description: 'Uber' }));
    expect(other.category_id).toBeNull();
    expect((await send(user, 'GET', `/rule/${rule.id}`)).json().match_count).toBe(1);
  });

  it('a rule without on_create, or disabled, leaves new entries alone', async () => {
    const user = await createUser(ctx, 'D');
    const acc = await createAccount(user);
    await send(user, 'POST', '/rule', ruleBody());
    await send(user, 'POST', '/rule', ruleBody({ on_create: true, enabled: false }));
    expect((await createEntry(user, uncategorised(acc))).category_id).toBeNull();
  });

  it('sets tags, description and operation on create', async () => {
    const user = await createUser(ctx, 'T');
    const acc = await createAccount(user);
    const tag = (await send(user, 'POST', '/tag', { name: 'bread' })).json().id as number;
    await send(
      user,
      'POST',
      '/rule',
      ruleBody({
        on_create: true,
        actions: { category_id: 14, tags: [tag], description: 'Refund', operation_id: 1 },
      }),
    );
    const entry = await createEntry(user, uncategorised(acc));
    expect(entry).toMatchObject({ operation_id: 1, category_id: 14, description: 'Refund', tags: [tag] });
  });
});

describe('POST /rule/preview', () => {
  it('counts the existing entries matched, the uncategorised among them, and answers the first page', async () => {
    const user = await createUser(ctx, 'P');
    const acc = await createAccount(user);
    await createEntry(user, uncategorised(acc, { date: '2026-11-01' }));
    const newest = await createEntry(
      user,
      uncategorised(acc, { date: '2026-11-20', description: 'padaria' }),
    );
    await createEntry(user, expense(acc, { description: 'Padaria Central', date: '2026-11-05' }));
    await createEntry(user, uncategorised(acc, { description: 'Uber' }));
    const res = await send(user, 'POST', '/rule/preview', {
      conditions: [{ field: 'description', op: 'matches', value: '^pad' }],
      per_page: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, uncategorised: 2 });
    expect(body.data.map((e: Json) => e.id)).toEqual([newest.id, expect.any(Number)]);
    const bad = await send(user, 'POST', '/rule/preview', {
      conditions: [{ field: 'description', op: 'matches', value: '(?<=a)b' }],
    });
    expect(bad.statusCode).toBe(422);
  });
});
