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

/**
 * The number of entries, read from the 409 message ("The account has N entries; …"). The API has no
 * structured field for it, so this is best-effort: null when the message changes shape.
 */
export function entriesCountFromConflict(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const match = /has (\d+) entr/.exec(error.message);
  return match?.[1] ? Number(match[1]) : null;
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
