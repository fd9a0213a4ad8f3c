import { apiRequest } from '../../../lib/api-client.ts';
import { getAuthState } from '../../../lib/auth-store.ts';

/** Revokes the refresh token on the server; the caller clears local state whatever the outcome. */
export function logout(): Promise<void> {
  const refresh_token = getAuthState().token?.refresh_token;
  return apiRequest<void>('/auth/logout', { method: 'POST', body: refresh_token ? { refresh_token } : {} });
}
