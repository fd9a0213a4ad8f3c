import type { UpdateUserBody, User } from '@centavo/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setAuthState } from '../../../lib/auth-store.ts';

export function updateUser(body: UpdateUserBody): Promise<User> {
  return apiRequest<User>('/user', { method: 'PUT', body });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => setAuthState({ user }) });
}
