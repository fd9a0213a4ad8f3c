import type {
  LinkedIdentity,
  MfaChangeBody,
  Passkey,
  ProvidersResponse,
  RecoveryCodesResponse,
  SocialProvider,
  TotpSetupResponse,
  TwoFactorStatus,
} from '@centavo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/**
 * The profile's sign-in methods (DESIGN.md §5, issue 22): 2FA, linked providers, passkeys. Grouped by resource
 * in one file: each call is a line, and every mutation invalidates the same three keys.
 */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.signIn.status,
    queryFn: () => apiRequest<TwoFactorStatus>('/user/2fa'),
  });
}

export function useLinkedIdentities() {
  return useQuery({
    queryKey: queryKeys.signIn.identities,
    queryFn: async () => (await apiRequest<{ data: LinkedIdentity[] }>('/user/identities')).data,
  });
}

export function usePasskeys() {
  return useQuery({
    queryKey: queryKeys.signIn.passkeys,
    queryFn: async () => (await apiRequest<{ data: Passkey[] }>('/user/passkeys')).data,
  });
}

/** The providers the server offers (public, changes with a restart only). */
export function useAvailableProviders() {
  return useQuery({
    queryKey: [...queryKeys.signIn.all, 'providers'],
    queryFn: async () => (await apiRequest<ProvidersResponse>('/auth/providers', { auth: false })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useSignInMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.signIn.all }),
  });
}

export const useStartTotp = () =>
  useSignInMutation((body: { password?: string }) =>
    apiRequest<TotpSetupResponse>('/user/2fa/totp', { method: 'POST', body }),
  );
export const useConfirmTotp = () =>
  useSignInMutation((body: { code: string }) =>
    apiRequest<RecoveryCodesResponse>('/user/2fa/totp/confirm', { method: 'POST', body }),
  );
export const useDisableTwoFactor = () =>
  useSignInMutation((body: MfaChangeBody) => apiRequest<void>('/user/2fa', { method: 'DELETE', body }));
export const useRegenerateCodes = () =>
  useSignInMutation((body: MfaChangeBody) =>
    apiRequest<RecoveryCodesResponse>('/user/2fa/recovery-codes', { method: 'POST', body }),
  );
export const useLinkProvider = () =>
  useSignInMutation((body: { provider: SocialProvider; password?: string }) =>
    apiRequest<{ url: string }>('/user/identities', { method: 'POST', body }),
  );
export const useUnlinkProvider = () =>
  useSignInMutation((id: number) => apiRequest<void>(`/user/identities/${id}`, { method: 'DELETE' }));
export const useRemovePasskey = () =>
  useSignInMutation((id: number) => apiRequest<void>(`/user/passkeys/${id}`, { method: 'DELETE' }));

/**
 * A new passkey: creation options (after the password), the browser's WebAuthn prompt
 * (@simplewebauthn/browser, loaded when asked for), the credential kept under its name.
 */
export const useAddPasskey = () =>
  useSignInMutation(async (body: { name: string; password?: string }) => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const { options } = await apiRequest<{ options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
      '/user/passkeys/options',
      { method: 'POST', body: body.password === undefined ? {} : { password: body.password } },
    );
    const response = await startRegistration({ optionsJSON: options });
    return apiRequest<Passkey>('/user/passkeys', { method: 'POST', body: { name: body.name, response } });
  });

/** "Set a password" for an account without one: the reset e-mail of the forgot-password flow. */
export const useSendPasswordLink = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ message: string }>('/auth/forgot-password', {
        method: 'POST',
        body: { email },
        auth: false,
      }),
  });
