import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { type ExportFormat, type ExportPeriod, useExportEntries } from '../api/export-entries.ts';
import type { EntryListState } from '../lib/filters.ts';

/** Downloads the month with its filters as CSV or XLSX, and says how it went. */
export function useEntriesExport(state: EntryListState) {
  const { t } = useTranslation('entries');
  const exporter = useExportEntries();
  function run(format: ExportFormat, period: ExportPeriod = 'month') {
    exporter.mutate(
      { state, format, period },
      {
        onSuccess: () => toastSuccess(t('actions.exported')),
        onError: (error) => toastError(errorMessage(error, 'entries:errors.export')),
      },
    );
  }
  return { run, pending: exporter.isPending };
}
