import { entrySchema } from '@centavo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense, income, transfer } from '../../../test/ledger/helpers.ts';

/**
 * GET /entry?page&per_page, as the entries page reads a month (listEntries): pages continue each other
 * exactly in (date, id) order, across the two halves of an account filter (own entries ∪ transfers in), and
 * meta.total is the whole list's.
 */
let ctx: TestContext;
let user: TestUser;
let a: number;
let b: number;
let c: number;

type Row = Record<string, unknown> & { id: number; date: string; description: string };

async function list(query: string): Promise<{ data: Row[]; meta: Record<string, number> }> {
  const res = await user.request({ method: 'GET', url: `/api/v1/entry?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const MONTH = '2031-03';
const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createUser(ctx, 'pager');
  a = await createAccount(user, { name: 'A' });
  b = await createAccount(user, { name: 'B' });
  c = await createAccount(user, { name: 'C' });
  // Created out of date order, so ids do not follow dates; several rows share a date, on both halves of A's
  // list: own entries of A (expenses, income, transfers out) and transfers from B into A.
  const days = [17, 3, 3, 28, 9, 17, 1, 31, 9, 12, 3, 20, 17, 5, 24, 9, 1, 28, 14, 3];
  for (const [i, d] of days.entries()) {
    if (i % 4 === 1) {
      await createEntry(user, transfer(b, a, { description: `in ${i}`, value: 100 + i, date: day(d) }));
    } else if (i % 7 === 3) {
      await createEntry(user, transfer(a, c, { description: `out ${i}`, value: 100 + i, date: day(d) }));
    } else if (i % 5 === 0) {
      await createEntry(user, income(a, { description: `pay ${i}`, date: day(d), paid: true }));
    } else {
      await createEntry(user, expense(a, { description: `own ${i}`, date: day(d), paid: i % 2 === 0 }));
    }
    // Not in A's list: B's own entries and transfers from A's neighbours elsewhere, same dates.
    if (i % 3 === 0) await createEntry(user, expense(b, { description: `b ${i}`, date: day(d) }));
  }
  await createEntry(user, transfer(c, b, { description: 'c to b', value: 5, date: day(3) }));
  // Neighbouring months and another user's month: never in the list.
  await createEntry(user, expense(a, { description: 'february', date: '2031-02-28' }));
  await createEntry(user, expense(a, { description: 'april', date: '2031-04-01' }));
  const other = await createUser(ctx, 'other');
  const otherAccount = await createAccount(other);
  await createEntry(other, expense(otherAccount, { description: 'other', date: day(3) }));
}, 60_000);
afterAll(async () => ctx.close());

describe('GET /entry, paged', () => {
  it('pages continue each other in (date, id) order across own entries and transfers in', async () => {
    const whole = await list(`month=${MONTH}&account_id=${a}`);
    expect(whole.data).toHaveLength(20);
    const sorted = [...whole.data].sort((x, y) => x.date.localeCompare(y.date) || x.id - y.id);
    expect(whole.data.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    expect(whole.data.filter((e) => e.destination_account_id === a).length).toBeGreaterThan(2);

    const pages: Row[][] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await list(`month=${MONTH}&account_id=${a}&page=${page}&per_page=6`);
      expect(res.meta).toEqual({ total: 20, page, per_page: 6 });
      pages.push(res.data);
    }
    expect(pages.map((p) => p.length)).toEqual([6, 6, 6, 2, 0]);
    // Page 2 starts exactly where page 1 ends, and so on: the pages are the whole list cut in order.
    expect(pages.flat().map((e) => e.id)).toEqual(whole.data.map((e) => e.id));
    expect(pages[1]?.[0]?.id).toBe(whole.data[6]?.id);
    // Page 1 ends on one of A's own entries and page 2 starts on a transfer into A: the cut falls between
    // the two halves of the list (and on the 3rd they interleave by id on one date).
    expect(pages[0]?.at(-1)?.account_id).toBe(a);
    expect(pages[1]?.[0]).toMatchObject({ account_id: b, destination_account_id: a });
    expect(pages[0]?.filter((e) => e.date === day(3)).map((e) => e.destination_account_id === a)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('answers each paged row exactly like GET /entry/{id}', async () => {
    for (const query of [`account_id=${a}&page=2&per_page=7`, 'page=3&per_page=4']) {
      const { data } = await list(`month=${MONTH}&${query}`);
      expect(data.length, query).toBeGreaterThan(0);
      for (const row of data) {
        const one = await user.request({ method: 'GET', url: `/api/v1/entry/${row.id}` });
        expect(row, query).toEqual(one.json());
        expect(Object.keys(row), query).toEqual(Object.keys(entrySchema.shape));
      }
    }
  });

  it('counts the whole list in meta.total, filters included, and answers an empty page past the end', async () => {
    const month = await list(`month=${MONTH}`);
    // 20 rows of A's list (one transfer per row) + 7 of B + c to b.
    expect(month.data).toHaveLength(28);
    const first = await list(`month=${MONTH}&page=1&per_page=10`);
    expect(first.meta).toEqual({ total: 28, page: 1, per_page: 10 });
    const last = await list(`month=${MONTH}&page=3&per_page=10`);
    expect(last.data.map((e) => e.id)).toEqual(month.data.slice(20).map((e) => e.id));
    expect(last.meta.total).toBe(28);
    const beyond = await list(`month=${MONTH}&page=4&per_page=10`);
    expect(beyond).toEqual({ data: [], meta: { total: 28, page: 4, per_page: 10 } });
    const far = await list(`month=${MONTH}&account_id=${a}&page=1000&per_page=500`);
    expect(far).toEqual({ data: [], meta: { total: 20, page: 1000, per_page: 500 } });

    const paid = (await list(`month=${MONTH}&account_id=${a}&paid=true`)).data;
    const paidPage = await list(`month=${MONTH}&account_id=${a}&paid=true&page=2&per_page=2`);
    expect(paidPage.meta.total).toBe(paid.length);
    expect(paidPage.data.map((e) => e.id)).toEqual(paid.slice(2, 4).map((e) => e.id));

    const empty = await list(`month=2031-06&account_id=${a}&page=1&per_page=500`);
    expect(empty).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 500 } });
  });

  it('pages with page alone (per_page defaults to 50) and per_page alone (page 1)', async () => {
    expect((await list(`month=${MONTH}&page=1`)).meta).toEqual({ total: 28, page: 1, per_page: 50 });
    const onlyPerPage = await list(`month=${MONTH}&account_id=${a}&per_page=3`);
    expect(onlyPerPage.meta).toEqual({ total: 20, page: 1, per_page: 3 });
    expect(onlyPerPage.data).toHaveLength(3);
  });
});
