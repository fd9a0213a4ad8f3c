import type { ResetPasswordBody } from '@centavo/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return apiRequest('/auth/reset-password', { method: 'POST', body, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
