import { API_BASE, errorFromResponse, networkError, REFRESH_MARGIN_MS, refreshToken } from './api-client.ts';
import { getAuthState } from './auth-store.ts';

/**
 * A file from the API (an export: CSV or XLSX, not JSON). A plain link could not carry the bearer token, so
 * it is fetched here with it (refreshed first when about to expire); a failure is the same ApiError as any
 * call's. `path` is under the API base, with its query.
 */
export async function fetchFile(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}) {
  const stored = getAuthState().token;
  if (stored && stored.expires_at - Date.now() < REFRESH_MARGIN_MS) await refreshToken();
  const token = getAuthState().token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        // The file's headers and sheet names are in the interface language.
        'accept-language': document.documentElement.lang,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token.access_token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response, await response.json().catch(() => null));
  return response.blob();
}

/** Saves a blob through a temporary link, under `filename` (named after what it holds). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
