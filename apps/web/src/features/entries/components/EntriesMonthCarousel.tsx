import { type IsoMonth, maxMonth, minMonth } from '@centavo/shared/dates';
import { memo } from 'react';
import { MonthCarousel } from '../../../components/MonthCarousel.tsx';

/**
 * The carousel over every month an entry may have (1900-01 to 50 years ahead, the contracts' date range):
 * a new user moving off a spreadsheet goes back to last year from day one (issue 13, #2 #3).
 */
export const EntriesMonthCarousel = memo(function EntriesMonthCarousel({
  month,
  thisMonth,
  onChange,
}: {
  month: IsoMonth;
  thisMonth: IsoMonth;
  onChange: (month: IsoMonth) => void;
}) {
  return (
    <MonthCarousel value={month} min={minMonth()} max={maxMonth()} today={thisMonth} onChange={onChange} />
  );
});
