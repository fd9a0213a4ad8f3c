import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function deleteUser(body: { password: string }): Promise<void> {
  return apiRequest<void>('/user', { method: 'DELETE', body });
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser });
}
