import { addMonths, localMonth } from '@centavo/shared/dates';
import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "November 2026" for a YYYY-MM in a locale (built from parts, so no time zone can shift the month). */
export function monthLabel(month: string, locale: string): string {
  const [year = 1970, index = 1] = month.split('-').map(Number);
  const label = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index - 1, 1)),
  );
  // "novembro de 2026" → "Novembro de 2026": only the first letter (CSS capitalize would give "De").
  return label.charAt(0).toLocaleUpperCase(locale) + label.slice(1);
}

/** Previous / next month around the month shown; the label is a live region so the change is announced. */
export function MonthStepper({
  month,
  locale,
  onChange,
}: {
  month: string;
  locale: string;
  onChange: (month: string | null) => void;
}) {
  const { t } = useTranslation('ledger');
  const isCurrent = month === localMonth();
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('month.label')}>
      <Tooltip label={t('month.previous')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('month.previous')}
          onClick={() => onChange(addMonths(month, -1))}
        >
          <IconChevronLeft size={18} stroke={1.8} />
        </ActionIcon>
      </Tooltip>
      <Text
        component="span"
        fw={600}
        miw={{ base: 120, sm: 150 }}
        ta="center"
        aria-live="polite"
        data-testid="month-label"
      >
        {monthLabel(month, locale)}
      </Text>
      <Tooltip label={t('month.next')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('month.next')}
          onClick={() => onChange(addMonths(month, 1))}
        >
          <IconChevronRight size={18} stroke={1.8} />
        </ActionIcon>
      </Tooltip>
      {isCurrent ? null : (
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)}>
          {t('month.current')}
        </Button>
      )}
    </Group>
  );
}
