import { DATE_MIN } from '@centavo/shared/dates';
import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveBlob } from '../../../lib/download.ts';
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

/** GET /entry/export?format=…: the list's entries as a file (lib/download.ts). */
export async function exportEntries(
  state: EntryListState,
  format: ExportFormat,
  period: ExportPeriod = 'month',
): Promise<{ blob: Blob; filename: string }> {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(periodQuery(state, period))) params.set(key, String(value));
  const blob = await fetchFile(`/entry/export?${params}`);
  return { blob, filename: filenameFor(format, state.month, period) };
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
