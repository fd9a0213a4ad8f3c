import type { Entry } from '@centavo/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { EntryListResponse } from './get-entries.ts';
import { entryKeys } from './keys.ts';

export interface SetEntryPaidArgs {
  id: number;
  paid: boolean;
}

/** POST /entry/{id}/paid {paid}: sets paid and paid_at. */
export function setEntryPaid({ id, paid }: SetEntryPaidArgs): Promise<Entry> {
  return apiRequest<Entry>(`/entry/${id}/paid`, { method: 'POST', body: { paid } });
}

type Snapshot = [readonly unknown[], EntryListResponse | undefined][];

/** Flips the entry in every cached list (a filtered and an unfiltered view may both hold it). */
function patchLists(queryClient: QueryClient, id: number, paid: boolean): void {
  queryClient.setQueriesData<EntryListResponse>({ queryKey: entryKeys.lists() }, (old) => {
    if (!old) return old;
    const index = old.data.findIndex((e) => e.id === id);
    const current = old.data[index];
    if (!current) return old;
    const data = old.data.slice();
    data[index] = { ...current, paid };
    return { ...old, data };
  });
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
      await queryClient.cancelQueries({ queryKey: entryKeys.lists() });
      const snapshot: Snapshot = queryClient.getQueriesData<EntryListResponse>({
        queryKey: entryKeys.lists(),
      });
      patchLists(queryClient, id, paid);
      return { snapshot };
    },
    onError: (_error, _args, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (entry) => patchLists(queryClient, entry.id, entry.paid),
    onSettled: (_data, _error, { paid }) => {
      void queryClient.invalidateQueries({ queryKey: entryKeys.balances() });
      // A "paid" / "not paid" filter no longer matches the flipped row: re-read those lists only.
      void queryClient.invalidateQueries({
        queryKey: entryKeys.lists(),
        predicate: (query) => {
          const state = query.queryKey[2];
          return typeof state === 'object' && state !== null && 'paid' in state && state.paid !== paid;
        },
      });
    },
  });
}
