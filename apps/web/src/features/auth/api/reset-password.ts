import type { ResetPasswordBody } from '@centavo/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Visitors' pages call this directly: the query library stays out of the login page's first load. */
export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return apiRequest('/auth/reset-password', { method: 'POST', body, auth: false });
}
