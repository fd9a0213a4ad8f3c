import { QueryClient, QueryClientProvider, type UseMutationResult } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreateAccount } from '../../features/accounts/api/create-account.ts';
import { useDeleteAccount } from '../../features/accounts/api/delete-account.ts';
import { useUpdateAccount } from '../../features/accounts/api/update-account.ts';
import { useCreateCategory } from '../../features/categories/api/create-category.ts';
import { useCreateSubcategory } from '../../features/categories/api/create-subcategory.ts';
import { useDeleteCategory } from '../../features/categories/api/delete-category.ts';
import { useDeleteSubcategory } from '../../features/categories/api/delete-subcategory.ts';
import { useUpdateCategory } from '../../features/categories/api/update-category.ts';
import { useUpdateSubcategory } from '../../features/categories/api/update-subcategory.ts';
import { useCreateEntry } from '../../features/entries/api/create-entry.ts';
import { useDeleteEntry } from '../../features/entries/api/delete-entry.ts';
import { useSetEntryPaid } from '../../features/entries/api/set-entry-paid.ts';
import { useUpdateEntry } from '../../features/entries/api/update-entry.ts';
import { useCreateTag } from '../../features/tags/api/create-tag.ts';
import { useDeleteTag } from '../../features/tags/api/delete-tag.ts';
import { useUpdateTag } from '../../features/tags/api/update-tag.ts';
import { initI18n } from '../i18n.ts';
import { queryKeys } from './keys.ts';

const MONTH = '2026-05';

/** One cached query of each kind a mutation could touch. */
const CACHED = {
  accounts: queryKeys.accounts.list({ month: null, includeArchived: true }),
  categories: queryKeys.categories.tree('en'),
  subcategories: queryKeys.categories.subcategories(3, 'en'),
  tags: queryKeys.tags.all,
  entryList: queryKeys.entries.list({ month: MONTH }),
  unpaidList: queryKeys.entries.list({ month: MONTH, paid: false }),
  balance: queryKeys.entries.balance(MONTH),
  carouselStart: queryKeys.entries.carouselStart(),
  preferences: queryKeys.preferences,
  currencies: queryKeys.reference.currencies,
  logs: queryKeys.accountLogs(1, 20),
};
type Cached = keyof typeof CACHED;

let client: QueryClient;

function seed(): void {
  for (const key of Object.values(CACHED)) client.setQueryData(key, { pages: [], pageParams: [], data: [] });
}

function invalidated(): Cached[] {
  return (Object.keys(CACHED) as Cached[]).filter(
    (name) => client.getQueryState(CACHED[name])?.isInvalidated,
  );
}

async function run<V>(useHook: () => UseMutationResult<unknown, Error, V, unknown>, variables: V) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useHook, { wrapper });
  await act(() => result.current.mutateAsync(variables));
  return invalidated().sort();
}

const ENTRY_CHANGE: Cached[] = ['accounts', 'balance', 'carouselStart', 'entryList', 'tags', 'unpaidList'];

describe('each mutation invalidates what it changed, and only that', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    seed();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ id: 1, paid: true }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
  });
  afterEach(() => {
    client.clear();
    vi.unstubAllGlobals();
  });

  it('accounts: create and edit change the accounts and the month balances; delete also their entries', async () => {
    expect(await run(useCreateAccount, { name: 'Wallet' })).toEqual(['accounts', 'balance']);
    seed();
    expect(await run(useUpdateAccount, { id: 1, body: { initial_balance: 5 } })).toEqual([
      'accounts',
      'balance',
    ]);
    seed();
    expect(await run(useDeleteAccount, { id: 1, deleteEntries: true })).toEqual(ENTRY_CHANGE);
  });

  it('categories: changes refresh the tree; a delete also the entries that moved', async () => {
    const tree: Cached[] = ['categories', 'subcategories'];
    expect(await run(useCreateCategory, { name: 'Gym', type: 'expense' })).toEqual(tree);
    seed();
    expect(await run(useUpdateCategory, { id: 1, body: { name: 'Gym' } })).toEqual(tree);
    seed();
    expect(await run(useCreateSubcategory, { category_id: 1, name: 'Pool' })).toEqual(tree);
    seed();
    expect(await run(useUpdateSubcategory, { id: 1, body: { name: 'Pool' } })).toEqual(tree);
    seed();
    const moved: Cached[] = ['categories', 'entryList', 'subcategories', 'unpaidList'];
    expect(await run(useDeleteCategory, { id: 1 })).toEqual(moved);
    seed();
    expect(await run(useDeleteSubcategory, { id: 1, body: { sub_category_id: null } })).toEqual(moved);
  });

  it('tags: create and rename refresh the tags; a delete also the lists whose entries lost it', async () => {
    expect(await run(useCreateTag, { name: 'trip' })).toEqual(['tags']);
    seed();
    expect(await run(useUpdateTag, { id: 1, body: { name: 'trip' } })).toEqual(['tags']);
    seed();
    expect(await run(useDeleteTag, 1)).toEqual(['entryList', 'tags', 'unpaidList']);
  });

  it('entries: a change refreshes the month, the balances and the tag counts; paid only the balances', async () => {
    const body = { description: 'Rent', value: 100, date: `${MONTH}-01`, operation_id: 2 };
    expect(await run(useCreateEntry, body)).toEqual(ENTRY_CHANGE);
    seed();
    expect(await run(useUpdateEntry, { id: 1, body: { value: 5 } })).toEqual(ENTRY_CHANGE);
    seed();
    expect(await run(useDeleteEntry, { id: 1 })).toEqual(ENTRY_CHANGE);
    seed();
    // The row flips in place; only a list filtered on "not paid" no longer holds it.
    expect(await run(useSetEntryPaid, { id: 1, paid: true })).toEqual(['accounts', 'balance', 'unpaidList']);
  });
});
