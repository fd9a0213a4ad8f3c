import type { Account, AccountCreateBody } from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ACCOUNTS_QUERY_KEY } from './get-accounts.ts';

export function createAccount(body: AccountCreateBody): Promise<Account> {
  return apiRequest<Account>('/account', { method: 'POST', body });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
  });
}
