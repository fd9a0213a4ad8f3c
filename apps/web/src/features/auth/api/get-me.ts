import type { User } from '@centavo/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** The signed-in user; kept in the auth store (sign-in runs outside the query cache). */
export function getMe(): Promise<User> {
  return apiRequest<User>('/user/me');
}
