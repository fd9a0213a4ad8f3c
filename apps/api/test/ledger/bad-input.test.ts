import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext, type TestUser } from '../app.ts';
import { createAccount, createEntry, expense, LEDGER_TAGS } from './helpers.ts';

/**
 * QUALITY.md: bad input gets a clear 4xx and changes nothing. Every ledger route from the OpenAPI document
 * gets malformed ids, bodies of the wrong type, huge strings and out-of-range numbers: never a 5xx, and the
 * user's rows stay as they were.
 */

let ctx: TestContext;
let user: TestUser;
let entryId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createUser(ctx);
  const account = await createAccount(user);
  entryId = (await createEntry(user, expense(account, { installments: 3 }))).id;
  // A card with a purchase and its invoice, so the card and invoice routes meet real rows too.
  const card = await user.request({
    method: 'POST',
    url: '/api/v1/card',
    payload: { name: 'Card', limit: 1000, close_day: 10, expiration_day: 17, account_id: account },
  });
  const { account_id: _none, ...purchase } = expense(account, { date: '2026-11-02' });
  await createEntry(user, { ...purchase, card_id: card.json().id });
  await user.request({ method: 'GET', url: `/api/v1/card/${card.json().id}/invoice?month=2026-11` });
  // Reads create the invoice rows they show (the open one here) once; the snapshot is taken after that.
  await user.request({ method: 'GET', url: '/api/v1/card' });
});
afterAll(async () => ctx.close());

async function snapshot(): Promise<string> {
  const db = ctx.database.db;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('accounts').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      db.selectFrom('entries').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      db.selectFrom('tags').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      db.selectFrom('categories').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      db.selectFrom('account_month_totals').selectAll().where('user_id', '=', user.id).execute(),
      db.selectFrom('cards').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      db.selectFrom('invoices').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      db.selectFrom('card_invoice_totals').selectAll().where('user_id', '=', user.id).execute(),
      db.selectFrom('budgets').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      db
        .selectFrom('category_month_totals')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('basis')
        .orderBy('month')
        .orderBy('category_id')
        .orderBy('sub_category_id')
        .execute(),
    ]),
  );
}

const HUGE = 'x'.repeat(20_000);
const BAD_BODIES: unknown[] = [
  [],
  'text',
  42,
  { description: HUGE, name: HUGE, labels: [HUGE], value: HUGE },
  { value: 1e300, initial_balance: -1e300, date: '9999-99-99', operation_id: -1, installments: 1e9 },
  { value: -1, category_id: 'abc', account_id: -5, tags: { a: 1 }, paid: 'yes', type: 42 },
  { __proto__: { admin: true }, constructor: { prototype: { x: 1 } }, user_id: 1, name: null },
];
const BAD_QUERIES = [
  'month=2026-99',
  'start_date=yesterday',
  'account_id=-1',
  'category_id=1e99',
  `q=${HUGE}`,
  `search=${HUGE}`,
  'page=0&per_page=100000',
  'scope=everything',
  'with_counts=maybe&include_archived=perhaps&with_subcategories=2',
  'format=exe',
  'delete_entries=sure',
  'range=2y&basis=both&start=2026-99&end=0000-00',
  'range=custom&start=1900-01&end=2900-12',
  `start_month=${HUGE}&without_subcategory=maybe`,
];

describe('malformed input on every ledger route', () => {
  it('never answers 5xx and changes nothing', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const before = await snapshot();
    let requests = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!(op.tags ?? []).some((t) => LEDGER_TAGS.has(t))) continue;
        const hasId = path.includes('{id}');
        const urls = hasId
          ? [
              path.replace('{id}', 'abc'),
              path.replace('{id}', '-1'),
              path.replace('{id}', '1e400'),
              path.replace('{id}', String(entryId)),
            ]
          : [path];
        for (const url of urls) {
          const isWrite = method !== 'get';
          const variants: InjectOptions[] = [];
          for (const q of BAD_QUERIES)
            variants.push({ method: method.toUpperCase() as 'GET', url: `${url}?${q}` });
          if (isWrite) {
            for (const body of BAD_BODIES) {
              variants.push({
                method: method.toUpperCase() as 'POST',
                url: `${url}?scope=one`,
                payload: body as object,
              });
            }
            variants.push({
              method: method.toUpperCase() as 'POST',
              url,
              payload: '{"broken json',
              headers: { 'content-type': 'application/json' },
            });
          }
          for (const options of variants) {
            // DELETE /entry/{id} takes no body, so on an existing row it would legitimately succeed.
            if (options.method === 'DELETE' && url.endsWith(String(entryId))) continue;
            const res = await user.request(options);
            requests += 1;
            expect(
              res.statusCode,
              `${options.method} ${String(options.url).slice(0, 120)} → ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
            if (res.statusCode >= 400) expect(res.json()).toHaveProperty('code');
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
    expect(await snapshot()).toBe(before);
    // Some 600 requests: near the default 30 s on PostgreSQL on a loaded machine.
  }, 120_000);
});

describe('the same answer on both databases (issue 17)', () => {
  const NUL = 'a\u0000b';

  it('a NUL character in any text — body, nested body, query or path — is a 422 naming the field', async () => {
    const account = await createAccount(user);
    const cases: Array<[InjectOptions, string]> = [
      [
        { method: 'POST', url: '/api/v1/entry', payload: expense(account, { description: NUL }) },
        'description',
      ],
      [{ method: 'POST', url: '/api/v1/entry', payload: expense(account, { notes: `x${NUL}` }) }, 'notes'],
      [{ method: 'POST', url: '/api/v1/entry', payload: expense(account, { tags: [NUL] }) }, 'tags'],
      [{ method: 'POST', url: '/api/v1/account', payload: { name: NUL } }, 'name'],
      [{ method: 'POST', url: '/api/v1/tag', payload: { name: NUL } }, 'name'],
      [{ method: 'POST', url: '/api/v1/category', payload: { name: NUL, type: 'expense' } }, 'name'],
      [{ method: 'PUT', url: `/api/v1/entry/${entryId}`, payload: { description: NUL } }, 'description'],
      [{ method: 'GET', url: '/api/v1/entry?q=a%00b' }, 'q'],
      [{ method: 'GET', url: '/api/v1/entry/%00' }, 'id'],
      [
        {
          method: 'POST',
          url: '/api/v1/report',
          payload: { filters: { start: '2026-01', end: `2026-12${'\u0000'}` }, group_by: 'category' },
        },
        'filters',
      ],
    ];
    const before = await snapshot();
    for (const [options, field] of cases) {
      const res = await user.request(options);
      expect(res.statusCode, `${options.method} ${options.url} ${res.body}`).toBe(422);
      expect(res.json().errors?.[field]?.[0], res.body).toMatch(/NUL/);
    }
    expect(await snapshot()).toBe(before);
  });

  it('POST /report: an empty id list is no filter; 10 000 ids are a 422', async () => {
    const body = (filters: Record<string, unknown>) => ({
      method: 'POST' as const,
      url: '/api/v1/report',
      payload: { filters: { start: '2026-01', end: '2026-12', ...filters }, group_by: 'category' },
    });
    const unfiltered = await user.request(body({}));
    expect(unfiltered.statusCode, unfiltered.body).toBe(200);
    const many = Array.from({ length: 10_000 }, (_, i) => i + 1);
    for (const key of ['account_ids', 'card_ids', 'category_ids', 'tag_ids', 'operation_ids']) {
      const empty = await user.request(body({ [key]: [] }));
      expect(empty.statusCode, `${key} ${empty.body}`).toBe(200);
      expect(empty.json(), key).toEqual(unfiltered.json());
      const huge = await user.request(body({ [key]: many }));
      expect(huge.statusCode, `${key} ${huge.body.slice(0, 200)}`).toBe(422);
    }
  });
});
