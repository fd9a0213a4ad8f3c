import { addMonths, type IsoMonth, localMonth } from '@centavo/shared/dates';
import { ActionIcon, Button, Group, Popover, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCalendarMonth, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../lib/i18n.ts';
import { intlLocale } from '../lib/locale.ts';
import {
  clampMonth,
  FUTURE_MONTHS,
  formatMonthLong,
  formatMonthShort,
  visibleMonths,
} from '../lib/months.ts';
import { MonthPickerGrid } from './MonthPickerGrid.tsx';

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

/** Previous, next and the calendar button: round, so they read as the carousel's own controls. */
const ROUND = { variant: 'default', size: 'lg', radius: 'xl' } as const;

/** What the month grid shows, and what a pick does besides closing it. */
type GridProps = ComponentProps<typeof MonthPickerGrid>;

/** The props a trigger of the month grid takes: it opens and closes the grid, and says so. */
interface TriggerProps {
  onClick: () => void;
  'aria-haspopup': 'dialog';
  'aria-expanded': boolean;
}

/**
 * The month grid in a popover under its trigger: a dialog that keeps focus until it closes, and closes
 * on a pick. Each trigger (the label below 640 px, the calendar button above) anchors its own.
 */
function JumpPopover({
  position,
  grid,
  children,
}: {
  position: 'bottom' | 'bottom-end';
  grid: GridProps;
  children: (trigger: TriggerProps) => ReactNode;
}) {
  const { t } = useTranslation('entries');
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position={position}
      shadow="md"
      withArrow
      trapFocus
      returnFocus
    >
      <Popover.Target>
        {children({
          onClick: () => setOpened((o) => !o),
          'aria-haspopup': 'dialog',
          'aria-expanded': opened,
        })}
      </Popover.Target>
      <Popover.Dropdown aria-label={t('month.jump')} role="dialog" w={260}>
        <MonthPickerGrid
          key={grid.value}
          {...grid}
          onPick={(month) => {
            setOpened(false);
            grid.onPick(month);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Previous / next month, a strip of nearby months (from 640 px) and a month picker to jump. The selected
 * month is filled; today's month keeps a tinted marker so it is easy to get back to.
 */
export function MonthCarousel({ value, onChange, min, max, today = localMonth() }: MonthCarouselProps) {
  const { t } = useTranslation('entries');
  const locale = intlLocale(useLocale());
  const last = max ?? addMonths(today, FUTURE_MONTHS);
  const first = min < last ? min : last;
  const strip = visibleMonths(value, first, last);

  function go(month: IsoMonth) {
    onChange(clampMonth(month, first, last));
  }

  const grid: GridProps = { value, min: first, max: last, today, locale, onPick: go };

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
        {...ROUND}
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

      <JumpPopover position="bottom" grid={grid}>
        {(trigger) => (
          <Button
            hiddenFrom="sm"
            variant="subtle"
            color="gray"
            style={{ flex: 1 }}
            c="var(--mantine-color-text)"
            fw={650}
            px={4}
            data-testid="month-label"
            {...trigger}
          >
            {formatMonthLong(value, locale)}
          </Button>
        )}
      </JumpPopover>

      <Group gap={6} wrap="nowrap">
        <ActionIcon
          {...ROUND}
          onClick={() => go(addMonths(value, 1))}
          disabled={value >= last}
          aria-label={t('month.next')}
          data-testid="month-next"
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        <JumpPopover position="bottom-end" grid={grid}>
          {(trigger) => (
            <ActionIcon
              {...ROUND}
              visibleFrom="sm"
              aria-label={t('month.jump')}
              data-testid="month-jump"
              {...trigger}
            >
              <IconCalendarMonth size={18} aria-hidden />
            </ActionIcon>
          )}
        </JumpPopover>
      </Group>
    </Group>
  );
}
