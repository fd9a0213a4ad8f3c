import type { LoginBody, TokenResponse } from '@centavo/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Visitors' pages call this directly: the query library stays out of the login page's first load. */
export function login(body: LoginBody): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/auth/login', { method: 'POST', body, auth: false });
}
