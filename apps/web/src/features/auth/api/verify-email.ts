import { apiRequest } from '../../../lib/api-client.ts';

/** Visitors' pages call this directly: the query library stays out of the login page's first load. */
export function verifyEmail(token: string): Promise<{ message: string; already_verified: boolean }> {
  return apiRequest('/auth/verify-email', { method: 'POST', body: { token }, auth: false });
}
