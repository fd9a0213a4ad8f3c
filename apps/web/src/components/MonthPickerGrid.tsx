import type { IsoMonth } from '@centavo/shared/dates';
import { ActionIcon, Button, Group, NativeSelect, SimpleGrid } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampMonth, formatMonthLong, formatMonthShort } from '../lib/months.ts';

/** A year's twelve months to jump to (those outside [min, max] disabled), a year switch and "today". */
export function MonthPickerGrid({
  value,
  min,
  max,
  today,
  locale,
  onPick,
}: {
  value: IsoMonth;
  min: IsoMonth;
  max: IsoMonth;
  today: IsoMonth;
  locale: string;
  onPick: (month: IsoMonth) => void;
}) {
  const { t } = useTranslation('entries');
  const [year, setYear] = useState(Number(value.slice(0, 4)));
  const minYear = Number(min.slice(0, 4));
  const maxYear = Number(max.slice(0, 4));
  // Any year of the range is one choice away (the arrows alone took 126 clicks back to 1900).
  const years = useMemo(
    () => Array.from({ length: maxYear - minYear + 1 }, (_, i) => String(maxYear - i)),
    [minYear, maxYear],
  );
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setYear(year - 1)}
          disabled={year <= minYear}
          aria-label={t('month.previousYear')}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <NativeSelect
          size="xs"
          w={96}
          aria-label={t('month.year')}
          value={String(year)}
          onChange={(event) => setYear(Number(event.currentTarget.value))}
          data={years}
          data-testid="picker-year"
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setYear(year + 1)}
          disabled={year >= maxYear}
          aria-label={t('month.nextYear')}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={3} spacing={6}>
        {Array.from({ length: 12 }, (_, i) => {
          const month = `${year}-${String(i + 1).padStart(2, '0')}`;
          const selected = month === value;
          return (
            <Button
              key={month}
              size="compact-sm"
              variant={selected ? 'filled' : month === today ? 'light' : 'subtle'}
              color={selected ? 'centavo.7' : month === today ? undefined : 'gray'}
              disabled={month < min || month > max}
              aria-pressed={selected}
              aria-label={formatMonthLong(month, locale)}
              onClick={() => onPick(month)}
            >
              {formatMonthShort(month, locale)}
            </Button>
          );
        })}
      </SimpleGrid>
      <Button
        fullWidth
        variant="default"
        size="xs"
        mt="sm"
        onClick={() => onPick(clampMonth(today, min, max))}
      >
        {t('month.today')}
      </Button>
    </div>
  );
}
