import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';

/** Issue 13 #17: a user hides categories they never use; hidden ones keep their history. */
let ctx: TestContext;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  a = await createUser(ctx);
  b = await createUser(ctx, 'Bea');
});
afterAll(async () => ctx.close());

const FOOD = 3;

interface Cat {
  id: number;
  name: string;
  system: boolean;
  hidden: boolean;
}

async function list(user: TestUser): Promise<Cat[]> {
  const res = await user.request({ method: 'GET', url: '/api/v1/category' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Cat[];
}

function hide(user: TestUser, id: number, hidden: unknown) {
  return user.request({ method: 'PUT', url: `/api/v1/category/${id}/hidden`, payload: { hidden } });
}

describe('hidden categories', () => {
  it('every category starts shown', async () => {
    const all = await list(a);
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((c) => c.hidden === false)).toBe(true);
  });

  it('hiding a system category for A answers it hidden for A only, and showing it again undoes it', async () => {
    const res = await hide(a, FOOD, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: FOOD, name: 'Food', system: true, hidden: true });
    // Hiding twice is harmless.
    expect((await hide(a, FOOD, true)).statusCode).toBe(200);
    expect((await list(a)).filter((c) => c.hidden).map((c) => c.id)).toEqual([FOOD]);
    expect((await a.request({ method: 'GET', url: `/api/v1/category/${FOOD}` })).json().hidden).toBe(true);
    expect((await list(b)).every((c) => c.hidden === false)).toBe(true);
    expect((await b.request({ method: 'GET', url: `/api/v1/category/${FOOD}` })).json().hidden).toBe(false);

    // B hiding it too, then A showing it, leaves B's mark alone.
    expect((await hide(b, FOOD, true)).statusCode).toBe(200);
    const shown = await hide(a, FOOD, false);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().hidden).toBe(false);
    expect((await list(a)).every((c) => c.hidden === false)).toBe(true);
    expect((await list(b)).find((c) => c.id === FOOD)?.hidden).toBe(true);
    expect((await hide(b, FOOD, false)).statusCode).toBe(200);
  });

  it("hides the user's own category; another user's own category id answers 404 and writes nothing", async () => {
    const created = await a.request({
      method: 'POST',
      url: '/api/v1/category',
      payload: { name: 'Pottery', type: 'expense' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json().id as number;
    expect(created.json().hidden).toBe(false);
    expect((await hide(a, own, true)).json()).toMatchObject({ id: own, hidden: true, system: false });
    // A rename keeps the mark.
    const renamed = await a.request({
      method: 'PUT',
      url: `/api/v1/category/${own}`,
      payload: { name: 'Clay' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Clay', hidden: true });

    const intruder = await hide(b, own, true);
    expect(intruder.statusCode).toBe(404);
    expect(intruder.json().code).toBe('NOT_FOUND');
    expect((await list(b)).some((c) => c.id === own)).toBe(false);
    expect((await hide(b, 999_999, true)).statusCode).toBe(404);

    // Deleting the category takes the mark with it (no orphan row blocks anything).
    expect((await a.request({ method: 'DELETE', url: `/api/v1/category/${own}` })).statusCode).toBe(204);
    expect((await list(a)).some((c) => c.id === own)).toBe(false);
  });

  it('a bad body answers 422 with the field and changes nothing', async () => {
    for (const payload of [{}, { hidden: 'yes' }, { hidden: 1 }, { hidden: null }]) {
      const res = await a.request({ method: 'PUT', url: `/api/v1/category/${FOOD}/hidden`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain('hidden');
    }
    expect(
      (await a.request({ method: 'PUT', url: '/api/v1/category/abc/hidden', payload: { hidden: true } }))
        .statusCode,
    ).toBe(422);
    expect((await list(a)).every((c) => c.hidden === false)).toBe(true);
  });

  it('an entry already in a hidden category still lists, totals and reports', async () => {
    const account = await createAccount(a);
    const { id: entry } = await createEntry(
      a,
      expense(account, { value: 4321, date: '2026-10-05', sub_category_id: null }),
    );
    expect((await hide(a, FOOD, true)).statusCode).toBe(200);

    const entries = await a.request({
      method: 'GET',
      url: `/api/v1/entry?category_id=${FOOD}&start_month=2026-10&end_month=2026-10`,
    });
    expect(entries.statusCode, entries.body).toBe(200);
    expect(entries.json().data.map((e: { id: number }) => e.id)).toContain(entry);

    const report = await a.request({
      method: 'GET',
      url: '/api/v1/report/expense?range=custom&start=2026-10&end=2026-10&basis=accrual',
    });
    expect(report.statusCode, report.body).toBe(200);
    const food = (report.json().data as Array<{ category_id: number; months: number[] }>).find(
      (c) => c.category_id === FOOD,
    );
    expect(food?.months).toEqual([4321]);

    // The entry can still be edited in place while its category is hidden.
    const edited = await a.request({
      method: 'PUT',
      url: `/api/v1/entry/${entry}`,
      payload: expense(account, { value: 5000, date: '2026-10-05', sub_category_id: null }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await hide(a, FOOD, false)).statusCode).toBe(200);
  });
});
