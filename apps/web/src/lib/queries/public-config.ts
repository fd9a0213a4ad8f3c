import type { PublicConfig } from '@centavo/shared';
import { apiRequest } from '../api-client.ts';

/**
 * GET /config (public settings, DESIGN §1). Any failure means "no external thank-you page", so registration
 * then goes to the internal /welcome page rather than failing.
 */
export async function getPublicConfig(): Promise<Partial<PublicConfig>> {
  try {
    return await apiRequest<PublicConfig>('/config', { auth: false });
  } catch {
    return {};
  }
}
