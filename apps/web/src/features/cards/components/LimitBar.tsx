import type { Card } from '@centavo/shared';
import { Group, Paper, Progress, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** Used and available limit, as a bar. */
export function LimitBar({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  const { format } = useMoneyFormat();
  const used = card.limit - card.available_limit;
  const percent = card.limit > 0 ? Math.min(100, Math.max(0, (used / card.limit) * 100)) : 0;
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" mb={6} wrap="wrap" gap="xs">
        <Text fz="sm" fw={600}>
          {t('page.limit')} · {format(card.limit)}
        </Text>
        <Text fz="sm" c="dimmed" data-testid="available-limit">
          {t('page.available', { amount: format(card.available_limit) })}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={percent > 90 ? 'red' : percent > 70 ? 'orange' : 'centavo'}
        aria-label={t('page.limitLabel')}
        size="lg"
        radius="xl"
      />
      <Group justify="space-between" mt={6} wrap="wrap" gap="xs">
        <Text fz="xs" c="dimmed">
          {t('page.used', { amount: format(used) })}
        </Text>
        <Tooltip label={t('page.bestDayHint')}>
          <Text fz="xs" c="dimmed" tabIndex={0}>
            {t('page.bestDay', { day: card.best_purchase_day })}
          </Text>
        </Tooltip>
      </Group>
    </Paper>
  );
}
