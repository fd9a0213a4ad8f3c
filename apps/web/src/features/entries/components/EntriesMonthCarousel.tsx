import type { IsoMonth } from '@centavo/shared/dates';
import { memo } from 'react';
import { MonthCarousel } from '../../../components/MonthCarousel.tsx';
import { useCarouselStart } from '../api/get-carousel-start.ts';

/** The carousel, from the first month with entries (its own request) to five years ahead. */
export const EntriesMonthCarousel = memo(function EntriesMonthCarousel({
  month,
  thisMonth,
  onChange,
}: {
  month: IsoMonth;
  thisMonth: IsoMonth;
  onChange: (month: IsoMonth) => void;
}) {
  const carouselStart = useCarouselStart();
  const startMonth: IsoMonth =
    [carouselStart.data?.month ?? thisMonth, thisMonth, month].sort()[0] ?? thisMonth;
  return <MonthCarousel value={month} min={startMonth} today={thisMonth} onChange={onChange} />;
});
