import type { Entry } from '@centavo/shared';
import { localMonth } from '@centavo/shared/dates';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { balanceFixture } from '../../../test/fixtures.ts';
import { renderingInEnglish } from '../../../test/rendering.ts';
import { entryFixture } from '../lib/entry.test-fixture.ts';
import { json, renderEntriesPage } from './entries-page.test-support.tsx';

const MONTH = localMonth();

const ENTRY: Entry = entryFixture({
  id: 1,
  description: 'Weekly shop',
  value: 1234,
  date: `${MONTH}-02`,
  category_id: 7,
  account_id: null,
});

/** Answers held back until the test releases them, by path. */
let held: Map<string, () => void>;
let entriesAnswered = false;

function hold(path: string, body: unknown): Promise<Response> {
  return new Promise((resolve) => held.set(path, () => resolve(json(body))));
}

function answer(input: RequestInfo | URL): Response | Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  switch (url.pathname) {
    case '/api/v1/entry':
      entriesAnswered = true;
      return json({ data: [ENTRY], meta: { total: 1, page: 1, per_page: 250 } });
    case '/api/v1/category':
      return hold(url.pathname, {
        data: [
          {
            id: 7,
            name: 'Groceries',
            type: 'expense',
            color: null,
            icon: null,
            system: false,
            subcategories: [],
          },
        ],
      });
    case '/api/v1/user/preferences':
      return json({ currency_code_id: 2 });
    case '/api/v1/currency':
      return hold(url.pathname, { data: [{ id: 2, code: 'USD', name: 'US dollar', decimals: 2 }] });
    case '/api/v1/entry/balance':
      return json(balanceFixture({ month: MONTH, expense: 1234, result: -1234, predicted_balance: -1234 }));
    case '/api/v1/entry/get-start-of-date-carousel':
      return json({ month: MONTH, date: `${MONTH}-01` });
    default:
      return json({ data: [] });
  }
}

const renderPage = () => renderEntriesPage(MONTH);

describe('the entries page draws its rows once, with everything they show', () => {
  renderingInEnglish(['entries', 'ledger']);
  beforeEach(() => {
    held = new Map();
    entriesAnswered = false;
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => answer(input)),
    );
  });

  it('keeps the placeholder until the category names and the currency are in', async () => {
    const { client } = renderPage();
    const settled = (key: readonly unknown[]) => client.getQueryState(key)?.status === 'success';
    await waitFor(() => expect(held.size).toBe(2));
    // The month's entries are in the cache (and rendered: act flushes the page's renders) but not what their
    // rows show: no row drawn with "No category" or in reais.
    await waitFor(() =>
      expect(client.getQueriesData({ queryKey: queryKeys.entries.lists() }).some(([, data]) => data)).toBe(
        true,
      ),
    );
    await act(async () => {});
    expect(entriesAnswered).toBe(true);
    expect(screen.getByTestId('entries-loading')).toBeTruthy();
    expect(document.querySelector('[data-entry-row]')).toBeNull();

    await act(async () => held.get('/api/v1/category')?.());
    await waitFor(() => expect(settled(queryKeys.categories.tree('en'))).toBe(true));
    await act(async () => {});
    expect(screen.getByTestId('entries-loading')).toBeTruthy();
    expect(document.querySelector('[data-entry-row]')).toBeNull();

    await act(async () => held.get('/api/v1/currency')?.());
    const row = await waitFor(() => {
      const element = document.querySelector('[data-entry-row]');
      if (!element) throw new Error('no row yet');
      return element as HTMLElement;
    });
    expect(row.textContent).toContain('Weekly shop');
    expect(row.textContent).toContain('Groceries');
    expect(screen.getByTestId('entry-amount').textContent).toBe('-$12.34');
  });
});
