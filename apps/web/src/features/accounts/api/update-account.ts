import type { Account, AccountUpdateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

export function updateAccount({ id, body }: { id: number; body: AccountUpdateBody }): Promise<Account> {
  return apiRequest<Account>(`/account/${id}`, { method: 'PUT', body });
}

/** Edit, archive and unarchive are all PUTs of a subset of fields. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    // Its initial balance counts in the month's balances.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.entries.balances() }),
      ]),
  });
}
