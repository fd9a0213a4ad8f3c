import type { PublicConfig } from '@centavo/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/** GET /config, public; a failure reads as "no billing" (nothing promised that the server may not keep). */
async function publicConfig(): Promise<Partial<PublicConfig>> {
  try {
    return await apiRequest<PublicConfig>('/config', { auth: false });
  } catch {
    return {};
  }
}

/**
 * Whether this instance bills at all. Self-hosted (billing off) has no trial and no plan to buy, so the
 * visitors' pages promise no trial and the header offers no "Upgrade" (issue 23 #12). While unknown: false.
 */
export function useBillingEnabled(): boolean {
  const config = useQuery({
    queryKey: queryKeys.billing.config,
    queryFn: publicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return config.data?.billing_enabled === true;
}
