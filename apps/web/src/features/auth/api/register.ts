import type { RegisterBody, TokenResponse } from '@centavo/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** The token response; the server may add where to go next (REGISTER_THANK_YOU_URL). */
export type RegisterResponse = TokenResponse & { redirect_url?: string | null };

/** Visitors' pages call this directly: the query library stays out of the login page's first load. */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/auth/register', { method: 'POST', body, auth: false });
}
