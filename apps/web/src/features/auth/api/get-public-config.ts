import { apiRequest } from '../../../lib/api-client.ts';

/** Public settings the web app needs before sign-in (REGISTER_THANK_YOU_URL, DESIGN §1). */
export interface PublicConfig {
  register_thank_you_url?: string | null;
}

/**
 * GET /config. The API does not offer it yet; any failure means "no external thank-you page", so
 * registration then goes to the internal /welcome page.
 */
export async function getPublicConfig(): Promise<PublicConfig> {
  try {
    return await apiRequest<PublicConfig>('/config', { auth: false });
  } catch {
    return {};
  }
}
