import type { LoginBody, SignInResponse } from '@centavo/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Visitors' pages call this directly: the query library stays out of the login page's first load. */
/** Tokens, or `{mfa_required, mfa_token}` when the account has 2FA on (the two-factor page completes it). */
export function login(body: LoginBody): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('/auth/login', { method: 'POST', body, auth: false });
}
