import { apiRequest } from '../../../lib/api-client.ts';

/** Visitors' pages call this directly: the query library stays out of the login page's first load. */
export function forgotPassword(body: { email: string }): Promise<{ message: string }> {
  return apiRequest('/auth/forgot-password', { method: 'POST', body, auth: false });
}
