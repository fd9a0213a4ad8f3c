import type { PlanPrice } from '@centavo/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/** GET /stripe/prices: both plans as Stripe has them; [] on a self-hosted instance (billing off). */
export function usePrices() {
  return useQuery({
    queryKey: queryKeys.billing.prices,
    queryFn: () => apiRequest<PlanPrice[]>('/stripe/prices'),
    staleTime: 5 * 60_000,
  });
}
