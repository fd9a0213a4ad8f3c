import type { Entry } from '@centavo/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** GET /entry: unpaid entries dated from today through 30 days ahead (the dashboard's "due soon"). */
export function useUpcoming(start: string, end: string) {
  return useQuery({
    queryKey: queryKeys.entries.list({ upcoming: true, start, end }),
    queryFn: () =>
      apiRequest<{ data: Entry[] }>('/entry', {
        query: { start_date: start, end_date: end, paid: 'false', per_page: 20, page: 1 },
      }),
  });
}
