import type { ConfirmCheckout, Plan, UserInformation } from '@centavo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { getPublicConfig } from '../../../lib/queries/public-config.ts';

/** GET /config: whether this instance bills at all (self-hosted: no billing call from the layout). */
export function useBillingEnabled(): boolean {
  const config = useQuery({
    queryKey: queryKeys.billing.config,
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return config.data?.billing_enabled === true;
}

/** GET /stripe/user-information: plan, status, access, trial end, invoices (banners and plan pages). */
export function useBillingInformation(enabled = true) {
  return useQuery({
    queryKey: queryKeys.billing.information,
    queryFn: () => apiRequest<UserInformation>('/stripe/user-information'),
    enabled,
    staleTime: 60_000,
  });
}

/** The subscription and access without invoices: the server answers from its copy, without asking Stripe. */
export function useBillingStatus(enabled = true) {
  return useQuery({
    queryKey: queryKeys.billing.status,
    queryFn: () => apiRequest<UserInformation>('/stripe/user-information?invoices=false'),
    enabled,
    staleTime: 60_000,
  });
}

/** POST /billing/checkout-session → Stripe Checkout's URL. */
export function useCheckout() {
  return useMutation({
    mutationFn: (plan: Plan) =>
      apiRequest<{ url: string }>('/billing/checkout-session', { method: 'POST', body: { plan } }),
  });
}

/** POST /billing/portal-session → the customer portal's URL. */
export function usePortal() {
  return useMutation({
    mutationFn: () => apiRequest<{ url: string }>('/billing/portal-session', { method: 'POST', body: {} }),
  });
}

/** The success page's confirmation: the subscription is synced from Stripe at once. */
export function useConfirmCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<ConfirmCheckout>('/billing/checkout-session/confirm', {
        method: 'POST',
        body: { session_id: sessionId },
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.billing.information, answer.information);
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing.status });
    },
  });
}

/** POST /billing/refund: cancel at once and refund the first charge (7-day right of withdrawal). */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UserInformation>('/billing/refund', { method: 'POST', body: {} }),
    onSuccess: async (information) => {
      queryClient.setQueryData(queryKeys.billing.information, information);
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing.status });
    },
  });
}
