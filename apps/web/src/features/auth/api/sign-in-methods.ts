import type { Login2faBody, ProvidersResponse, SignInResponse, TokenResponse } from '@centavo/shared';
import { API_BASE, apiRequest } from '../../../lib/api-client.ts';

/**
 * The public calls of social sign-in, the second step and passkey sign-in (issue 22). Visitors' pages call
 * them directly, like login: the query library stays out of their first load.
 */
let providers: Promise<ProvidersResponse['data']> | undefined;

/** GET /auth/providers, once per page load; a failure shows no buttons rather than an error. */
export function getProviders(): Promise<ProvidersResponse['data']> {
  providers ??= apiRequest<ProvidersResponse>('/auth/providers', { auth: false }).then(
    (res) => res.data,
    () => {
      providers = undefined;
      return [];
    },
  );
  return providers;
}

/** Where a provider button goes: a full navigation to the API, which sends the browser on to the provider. */
export function startUrl(provider: string, languageId: number): string {
  return `${API_BASE}/auth/oidc/${encodeURIComponent(provider)}/start?language_id=${languageId}`;
}

export function exchangeSocialCode(code: string): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('/auth/social/exchange', { method: 'POST', body: { code }, auth: false });
}

export function loginSecondFactor(body: Login2faBody): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/auth/login/2fa', { method: 'POST', body, auth: false });
}

/**
 * Sign-in with a passkey: the server's challenge, the browser's WebAuthn prompt (@simplewebauthn/browser,
 * loaded only when asked for), the signed answer back. A passkey satisfies 2FA, so the answer is tokens.
 */
export async function signInWithPasskey(): Promise<SignInResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options } = await apiRequest<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
    '/auth/passkey/options',
    { method: 'POST', auth: false },
  );
  const response = await startAuthentication({ optionsJSON: options });
  return apiRequest<SignInResponse>('/auth/passkey', { method: 'POST', body: { response }, auth: false });
}
