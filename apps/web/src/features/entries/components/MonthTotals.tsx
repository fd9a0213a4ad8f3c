import { memo, useEffect } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useEntryBalance } from '../api/get-entry-balance.ts';
import { TotalsBar } from './TotalsBar.tsx';

/** The month's totals: the only part of the page that re-renders when GET /entry/balance answers. */
export const MonthTotals = memo(function MonthTotals({
  month,
  monthLabel,
}: {
  month: string;
  monthLabel: string;
}) {
  const balance = useEntryBalance(month);
  useEffect(() => {
    if (balance.isError) toastError(errorMessage(balance.error, 'entries:errors.load'));
  }, [balance.isError, balance.error]);
  return <TotalsBar balance={balance.data} monthLabel={monthLabel} loading={balance.isPending} />;
});
