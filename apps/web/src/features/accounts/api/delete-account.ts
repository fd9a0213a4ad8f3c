import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/**
 * DELETE /account/{id}. An account with entries answers 409 unless `delete_entries=true` is sent
 * (accounts.routes.ts); the page asks the user first and only then retries with the flag.
 */
export function deleteAccount({
  id,
  deleteEntries = false,
}: {
  id: number;
  deleteEntries?: boolean;
}): Promise<void> {
  return apiRequest<void>(`/account/${id}`, {
    method: 'DELETE',
    query: { delete_entries: deleteEntries ? 'true' : undefined },
  });
}

/** Whether a failed delete is the "account has entries" conflict. */
export function isAccountHasEntries(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The number of entries the 409 reports (`params.count` of `accountHasEntries`), or null without one. */
export function entriesCountOf(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const { count } = error.params;
  return typeof count === 'number' ? count : null;
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // Its entries went too (transfers change the other accounts' balances), and with them the usage counts
    // of their tags. Categories are untouched.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
      ]),
  });
}
