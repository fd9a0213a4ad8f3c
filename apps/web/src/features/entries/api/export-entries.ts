import { DATE_MIN } from '@centavo/shared/dates';
import { useMutation } from '@tanstack/react-query';
import {
  API_BASE,
  errorFromResponse,
  networkError,
  REFRESH_MARGIN_MS,
  refreshToken,
} from '../../../lib/api-client.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { type EntryListState, toApiQuery } from '../lib/filters.ts';

export type ExportFormat = 'csv' | 'xlsx';
/** What to export (issue 13 #11): the month shown, its whole year, or everything — with the filters. */
export type ExportPeriod = 'month' | 'year' | 'all';

/** The export's date range as API query parameters. */
export function periodQuery(
  state: EntryListState,
  period: ExportPeriod,
): Record<string, string | number | boolean> {
  const { month: _month, ...filters } = toApiQuery(state);
  if (period === 'month') return toApiQuery(state);
  if (period === 'year') {
    const year = state.month.slice(0, 4);
    return { ...filters, start_date: `${year}-01-01`, end_date: `${year}-12-31` };
  }
  // No end date: what is stored up to the API's horizon (an end 50 years ahead would first write every
  // open-ended monthly bill's occurrences that far).
  return { ...filters, start_date: DATE_MIN };
}

/** Named after what it holds (the server's name carries the export day, less useful in a folder). */
function filenameFor(format: ExportFormat, month: string, period: ExportPeriod): string {
  const what = period === 'month' ? month : period === 'year' ? month.slice(0, 4) : 'all';
  return `entries-${what}.${format}`;
}

/**
 * GET /entry/export?format=…: a file, not JSON, so it is fetched here with the bearer token (a plain link
 * could not carry it) and handed to the browser as a download.
 */
export async function exportEntries(
  state: EntryListState,
  format: ExportFormat,
  period: ExportPeriod = 'month',
): Promise<{ blob: Blob; filename: string }> {
  const stored = getAuthState().token;
  if (stored && stored.expires_at - Date.now() < REFRESH_MARGIN_MS) await refreshToken();
  const token = getAuthState().token;
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(periodQuery(state, period))) params.set(key, String(value));
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/entry/export?${params}`, {
      headers: token ? { authorization: `Bearer ${token.access_token}` } : {},
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response, await response.json().catch(() => null));
  const blob = await response.blob();
  return { blob, filename: filenameFor(format, state.month, period) };
}

/** Saves a blob through a temporary link (the download attribute keeps the server's file name). */
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

export function useExportEntries() {
  return useMutation({
    mutationFn: ({
      state,
      format,
      period,
    }: {
      state: EntryListState;
      format: ExportFormat;
      period?: ExportPeriod;
    }) => exportEntries(state, format, period),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
