import type { AccountLog } from '@centavo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

export interface AccountLogPage {
  data: AccountLog[];
  meta: { total: number; page: number; per_page: number };
}

export function getAccountLogs(page: number, perPage: number): Promise<AccountLogPage> {
  return apiRequest<AccountLogPage>('/account-logs', { query: { page, per_page: perPage } });
}

export function accountLogsQueryOptions(page: number, perPage: number) {
  return queryOptions({
    queryKey: queryKeys.accountLogs(page, perPage),
    queryFn: () => getAccountLogs(page, perPage),
    placeholderData: keepPreviousData,
  });
}

export function useAccountLogs(page: number, perPage: number) {
  return useQuery(accountLogsQueryOptions(page, perPage));
}
