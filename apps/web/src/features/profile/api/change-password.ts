import type { ChangePasswordBody, TokenResponse } from '@centavo/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeToken } from '../../../lib/auth-store.ts';

/** The server revokes every refresh token and answers with a fresh pair for this device. */
export function changePassword(body: ChangePasswordBody): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/user/password', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (token) => storeToken(token) });
}
