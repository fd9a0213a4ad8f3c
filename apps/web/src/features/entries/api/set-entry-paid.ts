import type { Entry } from '@centavo/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import type { EntryListData } from './get-entries.ts';

export interface SetEntryPaidArgs {
  id: number;
  paid: boolean;
}

/** POST /entry/{id}/paid {paid}: sets paid and paid_at. */
export function setEntryPaid({ id, paid }: SetEntryPaidArgs): Promise<Entry> {
  return apiRequest<Entry>(`/entry/${id}/paid`, { method: 'POST', body: { paid } });
}

type Snapshot = [readonly unknown[], EntryListData | undefined][];

/**
 * Flips the entry in every cached list (a filtered and an unfiltered view may both hold it): only the page
 * holding it is replaced, the other pages keep their identity.
 */
export function patchPaid(
  old: EntryListData | undefined,
  id: number,
  paid: boolean,
): EntryListData | undefined {
  if (!old) return old;
  for (let p = 0; p < old.pages.length; p++) {
    const page = old.pages[p];
    const index = page ? page.data.findIndex((e) => e.id === id) : -1;
    const current = page?.data[index];
    if (!page || !current) continue;
    if (current.paid === paid) return old;
    const data = page.data.slice();
    data[index] = { ...current, paid };
    const pages = old.pages.slice();
    pages[p] = { ...page, data };
    return { ...old, pages };
  }
  return old;
}

function patchLists(queryClient: QueryClient, id: number, paid: boolean): void {
  queryClient.setQueriesData<EntryListData>({ queryKey: queryKeys.entries.lists() }, (old) =>
    patchPaid(old, id, paid),
  );
}

/**
 * One-click paid toggle: the row flips at once (optimistic), rolls back on failure, and the totals are
 * re-read because balances count paid entries only. The list itself is not refetched: a month may hold
 * 10 000 entries and only one changed.
 */
export function useSetEntryPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEntryPaid,
    onMutate: async ({ id, paid }): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: queryKeys.entries.lists() });
      const snapshot: Snapshot = queryClient.getQueriesData<EntryListData>({
        queryKey: queryKeys.entries.lists(),
      });
      patchLists(queryClient, id, paid);
      return { snapshot };
    },
    onError: (_error, _args, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (entry) => patchLists(queryClient, entry.id, entry.paid),
    onSettled: (_data, _error, { paid }) => {
      // Balances count paid entries only.
      void queryClient.invalidateQueries({ queryKey: queryKeys.entries.balances() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.all });
      // A "paid" / "not paid" filter no longer matches the flipped row: re-read those lists only.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.entries.lists(),
        predicate: (query) => {
          const state = query.queryKey[2];
          return typeof state === 'object' && state !== null && 'paid' in state && state.paid !== paid;
        },
      });
    },
  });
}
