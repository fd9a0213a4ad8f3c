import type { TFunction } from 'i18next';
import { memo } from 'react';
import { dayFormatter, dayOffset, utcDay } from '../lib/formatters.ts';
import type { DayHeaderItem } from '../lib/group-by-day.ts';
import { RowAmount } from './EntryRow.tsx';
import classes from './entries.module.css';

/** A day's heading in the list: "Today · Tuesday, 24 November" and the day's total. */
export const DayHeader = memo(function DayHeader({
  item,
  locale,
  today,
  format,
  t,
}: {
  item: DayHeaderItem;
  locale: string;
  today: string;
  format: (cents: number) => string;
  t: TFunction;
}) {
  const offset = dayOffset(item.date, today);
  const relative =
    offset === 0
      ? t('list.today')
      : offset === -1
        ? t('list.yesterday')
        : offset === 1
          ? t('list.tomorrow')
          : null;
  // Another year's day (a search looks through every month) says its year.
  const label = dayFormatter(locale, item.date.slice(0, 4) !== today.slice(0, 4)).format(utcDay(item.date));
  return (
    <div className={classes.dayHeader}>
      <h2 className={classes.dayTitle}>{relative ? `${relative} · ${label}` : label}</h2>
      <span className={classes.dayTotal}>
        <span className={classes.dayTotalLabel}>{t('list.dayTotal')}</span>
        <RowAmount
          value={item.total}
          showPlus
          format={format}
          className={classes.dayTotalAmount}
          testId="day-total"
        />
      </span>
    </div>
  );
});
