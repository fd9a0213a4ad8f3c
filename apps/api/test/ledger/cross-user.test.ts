import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../src/modules/import/import.test-helpers.ts';
import { createTestApp, createUser, type TestContext, type TestUser } from '../app.ts';
import { createAccount, createEntry, expense, LEDGER_TAGS } from './helpers.ts';
import { aggregateRows } from './recompute.ts';

/**
 * QUALITY.md cross-user matrix: for every ledger route taking an id in its path, query or body, user A's
 * token on user B's ids answers 404, B's rows stay unchanged, and A's lists and exports contain none of
 * B's rows. The coverage test reads the routes from the app's OpenAPI document and fails when a ledger
 * route takes an id that this matrix does not exercise.
 */
const MATRIX_TAGS = new Set([...LEDGER_TAGS, 'import', 'rules']);

interface Fixture {
  account: number;
  account2: number;
  category: number;
  subcategory: number;
  /** A subcategory the user added under a system category (Food = 3). */
  systemSub: number;
  tag: number;
  entry: number;
  seriesEntry: number;
  card: number;
  /** The invoice (due 2026-12) holding the card's purchase. */
  invoice: number;
  budget: number;
  /** A staged import of a Nubank account statement into `account` (rows on lines 2–5). */
  import: number;
  /** A rule: "ROW" in the description → `category` › `subcategory`, tagged `tag`. */
  rule: number;
}

/** Ids that are global reference rows, the same for every user: not part of the cross-user matrix. */
const GLOBAL: Record<string, string> = {
  'GET /api/v1/bank/{id} path:id': 'banks are global reference rows',
  'POST /api/v1/account body:bank_id': 'banks are global reference rows',
  'PUT /api/v1/account/{id} body:bank_id': 'banks are global reference rows',
  'GET /api/v1/entry query:operation_id': 'operations are global reference ids (1–4)',
  'GET /api/v1/entry/export query:operation_id': 'operations are global reference ids (1–4)',
  'GET /api/v1/entry/totals query:operation_id': 'operations are global reference ids (1–4)',
  'POST /api/v1/entry body:operation_id': 'operations are global reference ids (1–4)',
  'PUT /api/v1/entry/{id} body:operation_id': 'operations are global reference ids (1–4)',
  'GET /api/v1/flag/{id} path:id': 'flags are global reference rows',
  'POST /api/v1/card body:flag_id': 'flags are global reference rows',
  'PUT /api/v1/card/{id} body:flag_id': 'flags are global reference rows',
  'POST /api/v1/report body:filters.operation_ids': 'operations are global reference ids (1–4)',
  'POST /api/v1/rule body:actions.operation_id': 'operations are global reference ids (1–4)',
  'PUT /api/v1/rule/{id} body:actions.operation_id': 'operations are global reference ids (1–4)',
};

type Case = (a: Fixture, b: Fixture) => InjectOptions;

const entryBody = (a: Fixture, overrides: Record<string, unknown>) => ({
  payload: expense(a.account, { ...overrides }),
});

/** Every case is sent with A's token and must answer 404. */
const MATRIX: Record<string, Case> = {
  'GET /api/v1/account/{id} path:id': (_a, b) => ({ method: 'GET', url: `/api/v1/account/${b.account}` }),
  'PUT /api/v1/account/{id} path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/account/${b.account}`,
    payload: { name: 'hijacked', initial_balance: 1 },
  }),
  'DELETE /api/v1/account/{id} path:id': (_a, b) => ({
    method: 'DELETE',
    url: `/api/v1/account/${b.account}?delete_entries=true`,
  }),

  'GET /api/v1/category/{id} path:id': (_a, b) => ({ method: 'GET', url: `/api/v1/category/${b.category}` }),
  'PUT /api/v1/category/{id} path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/category/${b.category}`,
    payload: { name: 'hijacked' },
  }),
  'PUT /api/v1/category/{id}/hidden path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/category/${b.category}/hidden`,
    payload: { hidden: true },
  }),
  'DELETE /api/v1/category/{id} path:id': (_a, b) => ({
    method: 'DELETE',
    url: `/api/v1/category/${b.category}`,
    payload: { category_id: 3 },
  }),
  'DELETE /api/v1/category/{id} body:category_id': (a, b) => ({
    method: 'DELETE',
    url: `/api/v1/category/${a.category}`,
    payload: { category_id: b.category },
  }),
  'DELETE /api/v1/category/{id} body:sub_category_id': (a, b) => ({
    method: 'DELETE',
    url: `/api/v1/category/${a.category}`,
    payload: { category_id: 3, sub_category_id: b.systemSub },
  }),

  'GET /api/v1/subcategory/{id} path:id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/subcategory/${b.category}`,
  }),
  'POST /api/v1/subcategory body:category_id': (_a, b) => ({
    method: 'POST',
    url: '/api/v1/subcategory',
    payload: { category_id: b.category, name: 'intruder' },
  }),
  'PUT /api/v1/subcategory/{id} path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/subcategory/${b.subcategory}`,
    payload: { name: 'hijacked' },
  }),
  'DELETE /api/v1/subcategory/{id} path:id': (_a, b) => ({
    method: 'DELETE',
    url: `/api/v1/subcategory/${b.systemSub}`,
  }),
  'DELETE /api/v1/subcategory/{id} body:sub_category_id': (a, b) => ({
    method: 'DELETE',
    url: `/api/v1/subcategory/${a.systemSub}`,
    payload: { sub_category_id: b.systemSub },
  }),

  'GET /api/v1/tag/{id} path:id': (_a, b) => ({ method: 'GET', url: `/api/v1/tag/${b.tag}` }),
  'PUT /api/v1/tag/{id} path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/tag/${b.tag}`,
    payload: { name: 'hijacked' },
  }),
  'DELETE /api/v1/tag/{id} path:id': (_a, b) => ({ method: 'DELETE', url: `/api/v1/tag/${b.tag}` }),

  'GET /api/v1/entry/{id} path:id': (_a, b) => ({ method: 'GET', url: `/api/v1/entry/${b.entry}` }),
  'PUT /api/v1/entry/{id} path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/entry/${b.seriesEntry}?scope=all`,
    payload: { value: 1 },
  }),
  'DELETE /api/v1/entry/{id} path:id': (_a, b) => ({
    method: 'DELETE',
    url: `/api/v1/entry/${b.seriesEntry}?scope=all`,
  }),
  'POST /api/v1/entry/{id}/paid path:id': (_a, b) => ({
    method: 'POST',
    url: `/api/v1/entry/${b.entry}/paid`,
    payload: { paid: true },
  }),
  'POST /api/v1/entry/{id}/anticipate path:id': (_a, b) => ({
    method: 'POST',
    url: `/api/v1/entry/${b.entry}/anticipate`,
  }),

  'GET /api/v1/entry query:account_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry?account_id=${b.account}`,
  }),
  'GET /api/v1/entry query:card_id': (_a, b) => ({ method: 'GET', url: `/api/v1/entry?card_id=${b.card}` }),
  'GET /api/v1/entry query:category_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry?category_id=${b.category}`,
  }),
  'GET /api/v1/entry query:sub_category_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry?sub_category_id=${b.subcategory}`,
  }),
  'GET /api/v1/entry query:tag_id': (_a, b) => ({ method: 'GET', url: `/api/v1/entry?tag_id=${b.tag}` }),
  'GET /api/v1/entry/export query:account_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/export?account_id=${b.account}`,
  }),
  'GET /api/v1/entry/export query:card_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/export?card_id=${b.card}`,
  }),
  'GET /api/v1/entry/export query:category_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/export?category_id=${b.category}`,
  }),
  'GET /api/v1/entry/export query:sub_category_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/export?sub_category_id=${b.subcategory}`,
  }),
  'GET /api/v1/entry/export query:tag_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/export?tag_id=${b.tag}`,
  }),
  'GET /api/v1/entry/totals query:account_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/totals?account_id=${b.account}`,
  }),
  'GET /api/v1/entry/totals query:card_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/totals?card_id=${b.card}`,
  }),
  'GET /api/v1/entry/totals query:category_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/totals?category_id=${b.category}`,
  }),
  'GET /api/v1/entry/totals query:sub_category_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/totals?sub_category_id=${b.subcategory}`,
  }),
  'GET /api/v1/entry/totals query:tag_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/entry/totals?tag_id=${b.tag}`,
  }),

  'POST /api/v1/entry body:account_id': (a, b) => ({
    method: 'POST',
    url: '/api/v1/entry',
    ...entryBody(a, { account_id: b.account }),
  }),
  'POST /api/v1/entry body:destination_account_id': (a, b) => ({
    method: 'POST',
    url: '/api/v1/entry',
    ...entryBody(a, { operation_id: 4, destination_account_id: b.account }),
  }),
  'POST /api/v1/entry body:category_id': (a, b) => ({
    method: 'POST',
    url: '/api/v1/entry',
    ...entryBody(a, { category_id: b.category, sub_category_id: null }),
  }),
  'POST /api/v1/entry body:sub_category_id': (a, b) => ({
    method: 'POST',
    url: '/api/v1/entry',
    ...entryBody(a, { category_id: 3, sub_category_id: b.systemSub }),
  }),
  'POST /api/v1/entry body:tags': (a, b) => ({
    method: 'POST',
    url: '/api/v1/entry',
    ...entryBody(a, { tags: [b.tag] }),
  }),
  'POST /api/v1/entry body:tags (string)': (a, b) => ({
    method: 'POST',
    url: '/api/v1/entry',
    ...entryBody(a, { tags: `${b.tag},fresh-label` }),
  }),
  'POST /api/v1/entry body:card_id': (a, b) => ({
    method: 'POST',
    url: '/api/v1/entry',
    ...entryBody(a, { account_id: null, card_id: b.card }),
  }),
  'PUT /api/v1/entry/{id} body:account_id': (a, b) => ({
    method: 'PUT',
    url: `/api/v1/entry/${a.entry}`,
    payload: { account_id: b.account },
  }),
  'PUT /api/v1/entry/{id} body:destination_account_id': (a, b) => ({
    method: 'PUT',
    url: `/api/v1/entry/${a.entry}`,
    payload: { operation_id: 4, destination_account_id: b.account },
  }),
  'PUT /api/v1/entry/{id} body:category_id': (a, b) => ({
    method: 'PUT',
    url: `/api/v1/entry/${a.entry}?scope=all`,
    payload: { category_id: b.category, sub_category_id: null },
  }),
  'PUT /api/v1/entry/{id} body:sub_category_id': (a, b) => ({
    method: 'PUT',
    url: `/api/v1/entry/${a.entry}`,
    payload: { sub_category_id: b.systemSub },
  }),
  'PUT /api/v1/entry/{id} body:tags': (a, b) => ({
    method: 'PUT',
    url: `/api/v1/entry/${a.seriesEntry}?scope=all`,
    payload: { tags: [b.tag] },
  }),
  'PUT /api/v1/entry/{id} body:card_id': (a, b) => ({
    method: 'PUT',
    url: `/api/v1/entry/${a.entry}`,
    payload: { card_id: b.card, account_id: null },
  }),

  'GET /api/v1/card/{id} path:id': (_a, b) => ({ method: 'GET', url: `/api/v1/card/${b.card}` }),
  'PUT /api/v1/card/{id} path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/card/${b.card}`,
    payload: { name: 'hijacked', close_day: 3 },
  }),
  'DELETE /api/v1/card/{id} path:id': (_a, b) => ({
    method: 'DELETE',
    url: `/api/v1/card/${b.card}?delete_entries=true`,
  }),
  'POST /api/v1/card body:account_id': (_a, b) => ({
    method: 'POST',
    url: '/api/v1/card',
    payload: { name: 'intruder', limit: 1, close_day: 1, expiration_day: 8, account_id: b.account },
  }),
  'PUT /api/v1/card/{id} body:account_id': (a, b) => ({
    method: 'PUT',
    url: `/api/v1/card/${a.card}`,
    payload: { account_id: b.account },
  }),
  'GET /api/v1/card/{id}/invoice path:id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/card/${b.card}/invoice?month=2026-12`,
  }),
  'GET /api/v1/card/{id}/export path:id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/card/${b.card}/export?month=2026-12`,
  }),
  'GET /api/v1/invoice/{id} path:id': (_a, b) => ({ method: 'GET', url: `/api/v1/invoice/${b.invoice}` }),
  'PUT /api/v1/invoice/{id} path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/invoice/${b.invoice}`,
    payload: { close_date: '2026-12-01' },
  }),
  'POST /api/v1/invoice/{id}/paid path:id': (a, b) => ({
    method: 'POST',
    url: `/api/v1/invoice/${b.invoice}/paid`,
    payload: { paid: true, account_id: a.account },
  }),
  'POST /api/v1/invoice/{id}/paid path:id (undo)': (_a, b) => ({
    method: 'POST',
    url: `/api/v1/invoice/${b.invoice}/paid`,
    payload: { paid: false },
  }),
  'POST /api/v1/invoice/{id}/paid body:account_id': (a, b) => ({
    method: 'POST',
    url: `/api/v1/invoice/${a.invoice}/paid`,
    payload: { paid: true, account_id: b.account },
  }),
  // B's entry named as the payment to undo on A's invoice: not one of A's invoice's payments.
  'POST /api/v1/invoice/{id}/paid body:payment_id': (a, b) => ({
    method: 'POST',
    url: `/api/v1/invoice/${a.invoice}/paid`,
    payload: { paid: false, payment_id: b.entry },
  }),

  'GET /api/v1/budget/{id} path:id': (_a, b) => ({ method: 'GET', url: `/api/v1/budget/${b.budget}` }),
  'PUT /api/v1/budget/{id} path:id': (_a, b) => ({
    method: 'PUT',
    url: `/api/v1/budget/${b.budget}`,
    payload: { value: 0, active: false },
  }),
  'POST /api/v1/budget body:category_id': (_a, b) => ({
    method: 'POST',
    url: '/api/v1/budget',
    payload: { category_id: b.category, month: '2026-12', value: 100 },
  }),
  'GET /api/v1/report/expense/subcategories query:category_id': (_a, b) => ({
    method: 'GET',
    url: `/api/v1/report/expense/subcategories?range=12m&category_id=${b.category}`,
  }),
  'POST /api/v1/report body:filters.account_ids': (a, b) => ({
    method: 'POST',
    url: '/api/v1/report',
    payload: {
      filters: { start: '2026-01', end: '2026-12', account_ids: [a.account, b.account] },
      group_by: 'account',
    },
  }),
  'POST /api/v1/report body:filters.card_ids': (_a, b) => ({
    method: 'POST',
    url: '/api/v1/report',
    payload: { filters: { start: '2026-01', end: '2026-12', card_ids: [b.card] }, group_by: 'card' },
  }),
  'POST /api/v1/report body:filters.category_ids': (_a, b) => ({
    method: 'POST',
    url: '/api/v1/report',
    payload: {
      filters: { start: '2026-01', end: '2026-12', category_ids: [3, b.category] },
      group_by: 'category',
    },
  }),
  'POST /api/v1/report body:filters.tag_ids': (_a, b) => ({
    method: 'POST',
    url: '/api/v1/report?format=csv',
    payload: { filters: { start: '2026-01', end: '2026-12', tag_ids: [b.tag] }, group_by: 'tag' },
  }),
};

/** A statement upload into an account or card of `ids`, as multipart (POST /import). */
const importUpload = (ids: Record<string, number>): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/import',
  ...multipart(
    { name: 'n.csv', data: 'Data,Valor,Identificador,Descrição\n01/11/2026,-1.00,x-1,Padaria\n' },
    ids,
  ),
});

Object.assign(MATRIX, {
  'POST /api/v1/import body:account_id': (_a: Fixture, b: Fixture) => importUpload({ account_id: b.account }),
  'POST /api/v1/import body:card_id': (_a: Fixture, b: Fixture) => importUpload({ card_id: b.card }),
  'GET /api/v1/import/{id} path:id': (_a: Fixture, b: Fixture) => ({
    method: 'GET',
    url: `/api/v1/import/${b.import}`,
  }),
  'GET /api/v1/import/{id}/rows path:id': (_a: Fixture, b: Fixture) => ({
    method: 'GET',
    url: `/api/v1/import/${b.import}/rows`,
  }),
  'PUT /api/v1/import/{id}/mapping path:id': (_a: Fixture, b: Fixture) => ({
    method: 'PUT',
    url: `/api/v1/import/${b.import}/mapping`,
    payload: {
      date_column: 0,
      date_format: 'DD/MM/YYYY',
      description_column: 3,
      amount_column: 1,
      decimal: '.',
    },
  }),
  'PUT /api/v1/import/{id}/rows/{line} path:id': (_a: Fixture, b: Fixture) => ({
    method: 'PUT',
    url: `/api/v1/import/${b.import}/rows/2`,
    payload: { include: false },
  }),
  'PUT /api/v1/import/{id}/rows/{line} body:category_id': (a: Fixture, b: Fixture) => ({
    method: 'PUT',
    url: `/api/v1/import/${a.import}/rows/2`,
    payload: { category_id: b.category },
  }),
  'PUT /api/v1/import/{id}/rows/{line} body:sub_category_id': (a: Fixture, b: Fixture) => ({
    method: 'PUT',
    url: `/api/v1/import/${a.import}/rows/2`,
    payload: { category_id: 3, sub_category_id: b.systemSub },
  }),
  'POST /api/v1/import/{id}/commit path:id': (_a: Fixture, b: Fixture) => ({
    method: 'POST',
    url: `/api/v1/import/${b.import}/commit`,
  }),
  'DELETE /api/v1/import/{id} path:id': (_a: Fixture, b: Fixture) => ({
    method: 'DELETE',
    url: `/api/v1/import/${b.import}`,
  }),
} satisfies Record<string, Case>);

/** A rule body of A's, with one of its ids replaced by B's. */
const ruleBody = (a: Fixture, over: { conditions?: unknown[]; actions?: Record<string, unknown> } = {}) => ({
  name: 'hijack',
  conditions: over.conditions ?? [{ field: 'description', op: 'contains', value: 'ROW' }],
  actions: over.actions ?? { category_id: a.category, sub_category_id: a.subcategory, tags: [a.tag] },
});

Object.assign(MATRIX, {
  'GET /api/v1/rule/{id} path:id': (_a: Fixture, b: Fixture) => ({
    method: 'GET',
    url: `/api/v1/rule/${b.rule}`,
  }),
  'PUT /api/v1/rule/{id} path:id': (a: Fixture, b: Fixture) => ({
    method: 'PUT',
    url: `/api/v1/rule/${b.rule}`,
    payload: ruleBody(a),
  }),
  'DELETE /api/v1/rule/{id} path:id': (_a: Fixture, b: Fixture) => ({
    method: 'DELETE',
    url: `/api/v1/rule/${b.rule}`,
  }),
  'POST /api/v1/rule/{id}/apply path:id': (_a: Fixture, b: Fixture) => ({
    method: 'POST',
    url: `/api/v1/rule/${b.rule}/apply`,
  }),
  'POST /api/v1/rule body:actions.category_id': (a: Fixture, b: Fixture) => ({
    method: 'POST',
    url: '/api/v1/rule',
    payload: ruleBody(a, { actions: { category_id: b.category } }),
  }),
  'POST /api/v1/rule body:actions.sub_category_id': (a: Fixture, b: Fixture) => ({
    method: 'POST',
    url: '/api/v1/rule',
    payload: ruleBody(a, { actions: { category_id: 3, sub_category_id: b.systemSub } }),
  }),
  'PUT /api/v1/rule/{id} body:actions.category_id': (a: Fixture, b: Fixture) => ({
    method: 'PUT',
    url: `/api/v1/rule/${a.rule}`,
    payload: ruleBody(a, { actions: { category_id: b.category } }),
  }),
  'PUT /api/v1/rule/{id} body:actions.sub_category_id': (a: Fixture, b: Fixture) => ({
    method: 'PUT',
    url: `/api/v1/rule/${a.rule}`,
    payload: ruleBody(a, { actions: { category_id: 3, sub_category_id: b.systemSub } }),
  }),
} satisfies Record<string, Case>);

/**
 * Ids the OpenAPI walk above cannot name (inside a list of ids, or of conditions): run with the matrix, kept
 * apart so that the coverage test's "no stale case" check reads only the keys it can see.
 */
const EXTRA: Record<string, Case> = {
  'PUT /api/v1/rule/order body:ids': (a, b) => ({
    method: 'PUT',
    url: '/api/v1/rule/order',
    payload: { ids: [a.rule, b.rule] },
  }),
  'POST /api/v1/rule body:actions.tags': (a, b) => ({
    method: 'POST',
    url: '/api/v1/rule',
    payload: ruleBody(a, { actions: { tags: [b.tag] } }),
  }),
  'POST /api/v1/rule body:conditions (account_id)': (a, b) => ({
    method: 'POST',
    url: '/api/v1/rule',
    payload: ruleBody(a, {
      conditions: [{ field: 'account_id', op: 'one_of', value: [a.account, b.account] }],
    }),
  }),
  'POST /api/v1/rule body:conditions (card_id)': (a, b) => ({
    method: 'POST',
    url: '/api/v1/rule',
    payload: ruleBody(a, { conditions: [{ field: 'card_id', op: 'is', value: b.card }] }),
  }),
  'PUT /api/v1/rule/{id} body:actions.tags': (a, b) => ({
    method: 'PUT',
    url: `/api/v1/rule/${a.rule}`,
    payload: ruleBody(a, { actions: { tags: [b.tag] } }),
  }),
  'POST /api/v1/rule/preview body:conditions (account_id)': (_a, b) => ({
    method: 'POST',
    url: '/api/v1/rule/preview',
    payload: { conditions: [{ field: 'account_id', op: 'is', value: b.account }] },
  }),
  'POST /api/v1/rule/preview body:conditions (card_id)': (_a, b) => ({
    method: 'POST',
    url: '/api/v1/rule/preview',
    payload: { conditions: [{ field: 'card_id', op: 'one_of', value: [b.card] }] },
  }),
};

/** Cases whose honest answer is not 404 (none: every id of another user is "not found"). */
const EXPECTED_STATUS: Record<string, number> = {};

let ctx: TestContext;
let userA: TestUser;
let userB: TestUser;
let a: Fixture;
let b: Fixture;

async function makeFixture(user: TestUser, label: string): Promise<Fixture> {
  const account = await createAccount(user, { name: `${label} main`, initial_balance: 1000 });
  const account2 = await createAccount(user, { name: `${label} second` });
  const cat = await user.request({
    method: 'POST',
    url: '/api/v1/category',
    payload: { name: `${label} cat`, type: 'expense' },
  });
  const category = cat.json().id;
  const sub = await user.request({
    method: 'POST',
    url: '/api/v1/subcategory',
    payload: { category_id: category, name: `${label} sub` },
  });
  const systemSub = await user.request({
    method: 'POST',
    url: '/api/v1/subcategory',
    payload: { category_id: 3, name: `${label} food sub` },
  });
  const tag = await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: `${label}-tag` } });
  const entry = await createEntry(
    user,
    expense(account, {
      description: `${label} ROW`,
      category_id: category,
      sub_category_id: sub.json().id,
      tags: [tag.json().id],
    }),
  );
  const series = await createEntry(
    user,
    expense(account, {
      description: `${label} SERIES`,
      installments: 3,
      sub_category_id: systemSub.json().id,
    }),
  );
  await createEntry(user, {
    description: `${label} TRANSFER`,
    value: 10,
    date: '2026-11-12',
    operation_id: 4,
    account_id: account,
    destination_account_id: account2,
    paid: true,
  });
  const card = await user.request({
    method: 'POST',
    url: '/api/v1/card',
    payload: { name: `${label} CARD`, limit: 100000, close_day: 10, expiration_day: 17, account_id: account },
  });
  const cardId = card.json().id as number;
  const { account_id: _none, ...purchase } = expense(account, { description: `${label} CARD ROW` });
  await createEntry(user, { ...purchase, card_id: cardId, date: '2026-11-12' });
  const invoice = await user.request({ method: 'GET', url: `/api/v1/card/${cardId}/invoice?month=2026-12` });
  const budget = await user.request({
    method: 'POST',
    url: '/api/v1/budget',
    payload: { category_id: category, month: '2026-11', value: 5000 },
  });
  const upload = await user.request(
    importUpload({ account_id: account }) as InjectOptions & { method: 'POST'; url: string },
  );
  const rule = await user.request({
    method: 'POST',
    url: '/api/v1/rule',
    payload: {
      name: `${label} rule`,
      conditions: [{ field: 'account_id', op: 'is', value: account }],
      actions: { category_id: category, sub_category_id: sub.json().id, tags: [tag.json().id] },
    },
  });
  return {
    rule: rule.json().id,
    import: upload.json().id,
    card: cardId,
    invoice: invoice.json().id,
    budget: budget.json().id,
    account,
    account2,
    category,
    subcategory: sub.json().id,
    systemSub: systemSub.json().id,
    tag: tag.json().id,
    entry: entry.id,
    seriesEntry: series.id,
  };
}

async function snapshot(userId: number): Promise<string> {
  const db = ctx.database.db;
  const rows = await Promise.all([
    db.selectFrom('accounts').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('categories').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('subcategories').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('tags').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('entries').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('entry_tags')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('entry_id')
      .orderBy('tag_id')
      .execute(),
    db.selectFrom('entry_series').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('cards').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    aggregateRows(db, userId),
    db.selectFrom('budgets').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('imports').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('rules').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('import_rows')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('import_id')
      .orderBy('line')
      .execute(),
  ]);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  ctx = await createTestApp();
  userA = await createUser(ctx, 'Alice');
  userB = await createUser(ctx, 'Bob');
  a = await makeFixture(userA, 'ALICE');
  b = await makeFixture(userB, 'BOB');
});
afterAll(async () => ctx.close());

/** Operations of the OpenAPI document and the ids each takes, as `METHOD path location:name` keys. */
function idTakingOperations(doc: unknown): string[] {
  const keys: string[] = [];
  const paths = (doc as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
  const isId = (name: string) =>
    name === 'id' || name.endsWith('_id') || name.endsWith('_ids') || name === 'tags';
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tags = (op.tags as string[] | undefined) ?? [];
      if (!tags.some((t) => MATRIX_TAGS.has(t))) continue;
      const prefix = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters as Array<{ in: string; name: string }> | undefined) ?? []) {
        if (isId(p.name)) keys.push(`${prefix} ${p.in}:${p.name}`);
      }
      const body = op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
      // JSON bodies, and POST /import's multipart form (its account_id and card_id).
      const schema = Object.values(body?.content ?? {})[0]?.schema;
      const properties = new Set<string>();
      // Nested objects are walked too (POST /report's `filters.account_ids`), named with dots.
      const walk = (s: unknown, prefix = '') => {
        if (!s || typeof s !== 'object') return;
        const node = s as {
          properties?: Record<string, unknown>;
          anyOf?: unknown[];
          oneOf?: unknown[];
          allOf?: unknown[];
        };
        for (const [name, child] of Object.entries(node.properties ?? {})) {
          properties.add(`${prefix}${name}`);
          walk(child, `${prefix}${name}.`);
        }
        for (const sub of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
          walk(sub, prefix);
      };
      walk(schema);
      for (const name of properties) if (isId(name)) keys.push(`${prefix} body:${name}`);
    }
  }
  return keys;
}

describe('cross-user access (QUALITY.md)', () => {
  it('COVERAGE: every ledger route taking an id is in the matrix (or a global reference id)', () => {
    const keys = idTakingOperations(ctx.app.swagger());
    expect(keys.length).toBeGreaterThan(30);
    const covered = new Set([
      ...Object.keys(MATRIX).map((k) => k.replace(/ \(.*\)$/, '')),
      ...Object.keys(GLOBAL),
    ]);
    const missingKeys = keys.filter((k) => !covered.has(k));
    expect(missingKeys, 'routes taking ids without a cross-user case').toEqual([]);
    // And the matrix names no route that does not exist any more.
    const known = new Set(keys);
    expect(
      Object.keys(MATRIX)
        .map((k) => k.replace(/ \(.*\)$/, ''))
        .filter((k) => !known.has(k)),
    ).toEqual([]);
  });

  it("A's token on B's ids answers 404 and changes nothing of B's or A's", async () => {
    const before = await snapshot(userB.id);
    const beforeA = await snapshot(userA.id);
    for (const [key, build] of Object.entries({ ...MATRIX, ...EXTRA })) {
      const res = await userA.request(build(a, b));
      expect(res.statusCode, `${key}: ${res.body}`).toBe(EXPECTED_STATUS[key] ?? 404);
    }
    expect(await snapshot(userB.id)).toBe(before);
    // A's requests that named B's ids were refused whole: nothing of A's changed either (no half-applied write,
    // no label created by the refused tag string).
    expect(await snapshot(userA.id)).toBe(beforeA);
  });

  it("A's lists and exports contain none of B's rows", async () => {
    const get = async (url: string) => {
      const res = await userA.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };
    const lists = [
      await get('/api/v1/account?include_archived=true'),
      await get('/api/v1/category'),
      await get('/api/v1/subcategory/3'),
      await get('/api/v1/tag?with_counts=true'),
      await get('/api/v1/entry?start_date=2000-01-01&end_date=2070-12-31'),
      await get('/api/v1/entry/export?start_date=2000-01-01&end_date=2070-12-31'),
      await get('/api/v1/entry/balance?month=2026-11'),
      await get('/api/v1/card?archived=true'),
      await get('/api/v1/invoice/date/2026-12'),
      await get(`/api/v1/card/${a.card}/invoice?month=2026-12`),
      await get(`/api/v1/card/${a.card}/export?month=2026-12`),
      await get('/api/v1/entry?month=2026-12'),
      await get('/api/v1/category/budget?month=2026-11'),
      await get('/api/v1/budget/dashboard?month=2026-11'),
      await get('/api/v1/category/dashboard?month=2026-11'),
      await get('/api/v1/report/expense?range=custom&start=2026-01&end=2026-12'),
      await get('/api/v1/entry/totals?start_date=2000-01-01&end_date=2070-12-31'),
      await get('/api/v1/import'),
      await get('/api/v1/rule'),
    ];
    for (const body of lists) expect(body).not.toContain('BOB');
    expect(JSON.parse(lists[17] as string).data.map((x: { id: number }) => x.id)).toEqual([a.import]);
    expect(JSON.parse(lists[18] as string).data.map((x: { id: number }) => x.id)).toEqual([a.rule]);
    // Figures: A's reports count A's entries only (B has the same amounts in the same months).
    const report = JSON.parse(lists[15] as string);
    // November (the balance's expense: the entry and the first installment), the second installment and
    // the card purchase of 12 November (accrual: by its date; the cash balance has it in December's invoice).
    const cardPurchase = 1000;
    expect(report.total).toBe(JSON.parse(lists[6] as string).expense + 333 + cardPurchase);
    const entries = JSON.parse(lists[4] as string).data as Array<{ id: number; account_id: number }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.account_id === a.account)).toBe(true);
    // The totals add up A's entries only.
    expect(JSON.parse(lists[16] as string).count).toBe(entries.length);
    const balance = JSON.parse(lists[6] as string);
    expect(balance.accounts.map((x: { account_id: number }) => x.account_id)).toEqual([
      a.account,
      a.account2,
    ]);
    const accounts = JSON.parse(lists[0] as string).data.map((x: { id: number }) => x.id);
    expect(accounts).not.toContain(b.account);
    expect(JSON.parse(lists[7] as string).data.map((x: { id: number }) => x.id)).toEqual([a.card]);
    expect(JSON.parse(lists[8] as string).data.map((x: { id: number }) => x.id)).toEqual([a.invoice]);
    expect(lists[10]).toContain('ALICE CARD ROW');
    expect(JSON.parse(lists[11] as string).invoices.map((x: { id: number }) => x.id)).toEqual([a.invoice]);
  });
});
