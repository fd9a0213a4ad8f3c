import { addMonths, currentMonth, type IsoMonth, monthDiff } from '@centavo/shared/dates';
import {
  ActionIcon,
  Button,
  Group,
  Popover,
  SimpleGrid,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarMonth, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale, isLocale } from '../lib/locale.ts';

/** Months the carousel offers after the current one (installments and fixed bills live in the future). */
export const FUTURE_MONTHS = 60;

function monthDate(month: IsoMonth): Date {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1, 1));
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * One Intl formatter per locale and style: building one loads ICU data and costs far more than formatting,
 * and the carousel formats a dozen months on every render of the entries page.
 */
const monthFormatters = new Map<string, Intl.DateTimeFormat>();

function monthFormatter(locale: string, style: 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let formatter = monthFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      locale,
      style === 'long'
        ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
        : { month: 'short', timeZone: 'UTC' },
    );
    monthFormatters.set(key, formatter);
  }
  return formatter;
}

/** "November 2026" / "Novembro de 2026". */
export function formatMonthLong(month: IsoMonth, locale: string): string {
  return capitalise(monthFormatter(locale, 'long').format(monthDate(month)));
}

/** "Nov" / "Nov" without the trailing dot some locales add. */
export function formatMonthShort(month: IsoMonth, locale: string): string {
  return capitalise(monthFormatter(locale, 'short').format(monthDate(month)).replace(/\.$/, ''));
}

/** Keeps a month inside [min, max]. */
export function clampMonth(month: IsoMonth, min: IsoMonth, max: IsoMonth): IsoMonth {
  if (month < min) return min;
  if (month > max) return max;
  return month;
}

/** The months shown around the selected one: `count` months, shifted to stay within [min, max]. */
export function visibleMonths(selected: IsoMonth, min: IsoMonth, max: IsoMonth, count = 5): IsoMonth[] {
  const total = monthDiff(min, max) + 1;
  const shown = Math.max(1, Math.min(count, total));
  let start = addMonths(selected, -Math.floor(shown / 2));
  if (start < min) start = min;
  if (monthDiff(start, max) + 1 < shown) start = addMonths(max, -(shown - 1));
  return Array.from({ length: shown }, (_, i) => addMonths(start, i));
}

export interface MonthCarouselProps {
  value: IsoMonth;
  onChange: (month: IsoMonth) => void;
  /** The first month offered (GET /entry/get-start-of-date-carousel). */
  min: IsoMonth;
  /** The last month offered; default FUTURE_MONTHS after the current month. */
  max?: IsoMonth;
  /** Today's month, highlighted; injectable for tests. */
  today?: IsoMonth;
}

function MonthPickerGrid({
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
        <Text fw={600} aria-live="polite">
          {year}
        </Text>
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

/**
 * Previous / next month, a strip of nearby months (from 640 px) and a month picker to jump. The selected
 * month is filled; today's month keeps a tinted marker so it is easy to get back to.
 */
export function MonthCarousel({ value, onChange, min, max, today = currentMonth() }: MonthCarouselProps) {
  const { t, i18n } = useTranslation('entries');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = intlLocale(isLocale(language) ? language : 'en');
  const last = max ?? addMonths(today, FUTURE_MONTHS);
  const first = min < last ? min : last;
  // Two triggers (the label below 640 px, the calendar button above) each anchor their own popover.
  const [picker, setPicker] = useState<'label' | 'icon' | null>(null);
  const strip = visibleMonths(value, first, last);

  function go(month: IsoMonth) {
    onChange(clampMonth(month, first, last));
  }

  const grid = (
    <MonthPickerGrid
      key={value}
      value={value}
      min={first}
      max={last}
      today={today}
      locale={locale}
      onPick={(month) => {
        setPicker(null);
        go(month);
      }}
    />
  );

  return (
    <Group
      component="nav"
      aria-label={t('month.navigation')}
      gap={6}
      wrap="nowrap"
      justify="space-between"
      data-testid="month-carousel"
    >
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        onClick={() => go(addMonths(value, -1))}
        disabled={value <= first}
        aria-label={t('month.previous')}
        data-testid="month-previous"
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>

      <Group gap={4} wrap="nowrap" visibleFrom="sm" style={{ flex: 1, justifyContent: 'center' }}>
        {strip.map((month) => {
          const selected = month === value;
          const isToday = month === today;
          return (
            <UnstyledButton
              key={month}
              onClick={() => go(month)}
              aria-current={selected ? 'date' : undefined}
              title={formatMonthLong(month, locale)}
              data-month={month}
              style={{
                minWidth: 72,
                padding: '6px 12px',
                borderRadius: 'var(--mantine-radius-xl)',
                textAlign: 'center',
                lineHeight: 1.15,
                // Shade 7 in both schemes: white text keeps 4.5:1 (the dark scheme's filled shade 5 does not).
                background: selected
                  ? 'var(--mantine-color-centavo-7)'
                  : isToday
                    ? 'var(--mantine-primary-color-light)'
                    : undefined,
                color: selected ? 'var(--mantine-color-white)' : undefined,
              }}
            >
              <Text component="span" display="block" fw={selected ? 700 : 500} fz="sm" c="inherit">
                {formatMonthShort(month, locale)}
              </Text>
              <Text component="span" display="block" fz={11} c={selected ? 'inherit' : 'dimmed'}>
                {month.slice(0, 4)}
              </Text>
              {/* The accessible name starts with the visible text (WCAG 2.5.3); "current month" follows. */}
              {isToday ? <VisuallyHidden>{` · ${t('month.current')}`}</VisuallyHidden> : null}
            </UnstyledButton>
          );
        })}
      </Group>

      <Popover
        opened={picker === 'label'}
        onChange={(open) => setPicker(open ? 'label' : null)}
        position="bottom"
        shadow="md"
        withArrow
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button
            hiddenFrom="sm"
            variant="subtle"
            color="gray"
            onClick={() => setPicker((p) => (p === 'label' ? null : 'label'))}
            aria-haspopup="dialog"
            aria-expanded={picker === 'label'}
            style={{ flex: 1 }}
            c="var(--mantine-color-text)"
            fw={650}
            px={4}
            data-testid="month-label"
          >
            {formatMonthLong(value, locale)}
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label={t('month.jump')} role="dialog" w={260}>
          {grid}
        </Popover.Dropdown>
      </Popover>

      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          onClick={() => go(addMonths(value, 1))}
          disabled={value >= last}
          aria-label={t('month.next')}
          data-testid="month-next"
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        <Popover
          opened={picker === 'icon'}
          onChange={(open) => setPicker(open ? 'icon' : null)}
          position="bottom-end"
          shadow="md"
          withArrow
          trapFocus
          returnFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              visibleFrom="sm"
              onClick={() => setPicker((p) => (p === 'icon' ? null : 'icon'))}
              aria-label={t('month.jump')}
              aria-haspopup="dialog"
              aria-expanded={picker === 'icon'}
              data-testid="month-jump"
            >
              <IconCalendarMonth size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown aria-label={t('month.jump')} role="dialog" w={260}>
            {grid}
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Group>
  );
}
