import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function verifyEmail(token: string): Promise<{ message: string }> {
  return apiRequest('/auth/verify-email', { method: 'POST', body: { token }, auth: false });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
