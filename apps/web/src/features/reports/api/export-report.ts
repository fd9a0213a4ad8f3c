import type { CustomReportBody } from '@centavo/shared';
import {
  API_BASE,
  errorFromResponse,
  networkError,
  REFRESH_MARGIN_MS,
  refreshToken,
} from '../../../lib/api-client.ts';
import { getAuthState } from '../../../lib/auth-store.ts';

/**
 * POST /report?format=csv|xlsx: a file (formula-safe on the server), fetched with the bearer token and handed
 * to the browser as a download, as the entries export does.
 */
export async function downloadReport(
  body: CustomReportBody,
  format: 'csv' | 'xlsx',
  name: string,
): Promise<void> {
  const stored = getAuthState().token;
  if (stored && stored.expires_at - Date.now() < REFRESH_MARGIN_MS) await refreshToken();
  const token = getAuthState().token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/report?format=${format}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': document.documentElement.lang,
        ...(token ? { authorization: `Bearer ${token.access_token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response, await response.json().catch(() => null));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
