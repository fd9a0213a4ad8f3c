import {
  API_BASE,
  errorFromResponse,
  networkError,
  REFRESH_MARGIN_MS,
  refreshToken,
} from '../../../lib/api-client.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { saveBlob } from '../../entries/api/export-entries.ts';

/** GET /card/{id}/export: a file, fetched with the bearer token and handed to the browser as a download. */
export async function exportInvoice(cardId: number, month: string, format: 'csv' | 'xlsx'): Promise<void> {
  const stored = getAuthState().token;
  if (stored && stored.expires_at - Date.now() < REFRESH_MARGIN_MS) await refreshToken();
  const token = getAuthState().token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/card/${cardId}/export?${new URLSearchParams({ month, format })}`, {
      headers: token ? { authorization: `Bearer ${token.access_token}` } : {},
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response, await response.json().catch(() => null));
  saveBlob(await response.blob(), `invoice-${month}.${format}`);
}
