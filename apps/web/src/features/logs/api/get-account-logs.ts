import type { AccountLog } from '@centavo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface AccountLogPage {
  data: AccountLog[];
  meta: { total: number; page: number; per_page: number };
}

export function getAccountLogs(page: number, perPage: number): Promise<AccountLogPage> {
  return apiRequest<AccountLogPage>('/account-logs', { query: { page, per_page: perPage } });
}

export function accountLogsQueryOptions(page: number, perPage: number) {
  return queryOptions({
    queryKey: ['account-logs', page, perPage],
    queryFn: () => getAccountLogs(page, perPage),
    placeholderData: keepPreviousData,
  });
}

export function useAccountLogs(page: number, perPage: number) {
  return useQuery(accountLogsQueryOptions(page, perPage));
}
