import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './keys.ts';
import { getPublicConfig } from './public-config.ts';

/**
 * Whether this instance bills at all. Self-hosted (billing off) has no trial and no plan to buy, so the
 * visitors' pages promise no trial and the header offers no "Upgrade" (issue 23 #12). While unknown: false.
 */
export function useBillingEnabled(): boolean {
  const config = useQuery({
    queryKey: queryKeys.billing.config,
    // A failure reads as "no billing": nothing is promised that the server may not keep.
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return config.data?.billing_enabled === true;
}
