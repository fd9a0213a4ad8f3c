import { invoiceSchema } from '@centavo/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect, onTestFinished, vi } from 'vitest';
import type { TestUser } from '../app.ts';

/** Small builders shared by the ledger tests. */

/** The OpenAPI tags of the ledger's routes (the cross-user matrix adds import and rules). */
export const LEDGER_TAGS = new Set([
  'banks',
  'accounts',
  'categories',
  'tags',
  'entries',
  'cards',
  'budgets',
  'reports',
]);

/** How many accounts each test user has been given by createAccount (names are unique per user). */
const accountCounts = new WeakMap<TestUser, number>();

export async function createAccount(user: TestUser, payload: Record<string, unknown> = {}): Promise<number> {
  const count = (accountCounts.get(user) ?? 0) + 1;
  accountCounts.set(user, count);
  const res = await user.request({
    method: 'POST',
    url: '/api/v1/account',
    // "Checking", "Checking 2", …: account names are unique per user (issue 13 #17).
    payload: { name: count === 1 ? 'Checking' : `Checking ${count}`, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A request body; loose on purpose so tests can send wrong types. */
export type EntryInput = Record<string, unknown>;

/** An expense in Food/Groceries (system category 3, subcategory 5) unless overridden. */
export function expense(accountId: number, overrides: EntryInput = {}): EntryInput {
  return {
    description: 'Groceries',
    value: 1000,
    date: '2026-11-10',
    operation_id: 2,
    category_id: 3,
    sub_category_id: 5,
    account_id: accountId,
    ...overrides,
  };
}

/** Income in Salary (system category 14). */
export function income(accountId: number, overrides: EntryInput = {}): EntryInput {
  return {
    description: 'Salary',
    value: 500000,
    date: '2026-11-05',
    operation_id: 1,
    category_id: 14,
    account_id: accountId,
    ...overrides,
  };
}

/** A transfer between two of the user's accounts. */
export function transfer(fromAccountId: number, toAccountId: number, overrides: EntryInput = {}): EntryInput {
  return {
    description: 'Move',
    value: 400,
    date: '2026-11-02',
    operation_id: 4,
    account_id: fromAccountId,
    destination_account_id: toAccountId,
    ...overrides,
  };
}

/** A purchase on a card: an expense in Food/Groceries without an account. */
export function purchase(cardId: number, overrides: EntryInput = {}): EntryInput {
  const { account_id: _a, ...base } = expense(0, overrides);
  return { ...base, card_id: cardId };
}

/** A Nubank-like card paid from `accountId`: R$ 8.000 of limit, closes on the 3rd, due on the 10th. */
export async function createNubankCard(
  user: TestUser,
  accountId: number,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await user.request({
    method: 'POST',
    url: '/api/v1/card',
    payload: {
      name: 'Nubank',
      flag_id: 2,
      limit: 800000,
      close_day: 3,
      expiration_day: 10,
      account_id: accountId,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The card's invoice of `month`, as its contract reads it. */
export async function getInvoice(user: TestUser, cardId: number, month: string) {
  const res = await user.request({ method: 'GET', url: `/api/v1/card/${cardId}/invoice?month=${month}` });
  expect(res.statusCode, res.body).toBe(200);
  return invoiceSchema.parse(res.json());
}

/** Sets the clock to `instant` for the rest of the test (Date only: timers still run). */
export function at(instant: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

export async function createEntry(
  user: TestUser,
  payload: EntryInput,
): Promise<Record<string, unknown> & { id: number }> {
  const res = await user.request({ method: 'POST', url: '/api/v1/entry', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
