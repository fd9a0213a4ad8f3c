import type { Account, AccountUpdateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ACCOUNTS_QUERY_KEY } from './get-accounts.ts';

export function updateAccount({ id, body }: { id: number; body: AccountUpdateBody }): Promise<Account> {
  return apiRequest<Account>(`/account/${id}`, { method: 'PUT', body });
}

/** Edit, archive and unarchive are all PUTs of a subset of fields. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
  });
}
