import type { RegisterBody, TokenResponse } from '@centavo/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The token response; the server may add where to go next (REGISTER_THANK_YOU_URL). */
export type RegisterResponse = TokenResponse & { redirect_url?: string | null };

export function register(body: RegisterBody): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/auth/register', { method: 'POST', body, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
