import { memo, useEffect } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useEntryBalance } from '../api/get-entry-balance.ts';
import { useEntryTotals } from '../api/get-entry-totals.ts';
import { countFilters, type EntryListState } from '../lib/filters.ts';
import { TotalsBar } from './TotalsBar.tsx';

/**
 * The month's totals: the only part of the page that re-renders when GET /entry/balance answers. With a
 * filter set they are the filtered entries' totals instead (GET /entry/totals) and say so (issue 13 #14).
 */
export const MonthTotals = memo(function MonthTotals({
  state,
  monthLabel,
}: {
  state: EntryListState;
  monthLabel: string;
}) {
  const filtered = countFilters(state) > 0;
  const balance = useEntryBalance(state.month);
  const totals = useEntryTotals(state, filtered);
  const failed = balance.isError ? balance.error : totals.isError ? totals.error : null;
  useEffect(() => {
    if (failed) toastError(errorMessage(failed, 'entries:errors.load'));
  }, [failed]);
  return (
    <TotalsBar
      balance={balance.data}
      monthLabel={monthLabel}
      loading={filtered ? totals.isPending : balance.isPending}
      filtered={filtered ? { totals: totals.data, allMonths: Boolean(state.q) } : undefined}
    />
  );
});
