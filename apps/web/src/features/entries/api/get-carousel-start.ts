import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** GET /entry/get-start-of-date-carousel: the first month the carousel offers. */
export function getCarouselStart(): Promise<{ month: string; date: string }> {
  return apiRequest<{ month: string; date: string }>('/entry/get-start-of-date-carousel');
}

export function carouselStartQueryOptions() {
  return queryOptions({ queryKey: queryKeys.entries.carouselStart(), queryFn: getCarouselStart });
}

export function useCarouselStart() {
  return useQuery(carouselStartQueryOptions());
}
