import type { BudgetSummary as Summary } from '@centavo/shared';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import { DrillAmount } from '../../../components/DrillAmount.tsx';
import { Figure } from '../../../components/Figure.tsx';

/**
 * Planned, spent (linked to the month's expenses), available, and how many categories are in each band. With
 * no limit set there is nothing "available" (issue 23 #13c: it read "Disponível −R$ 4.011,70"): the month's
 * spending and how to set budgets.
 */
export function BudgetSummary({ summary, month, title }: { summary: Summary; month: string; title: string }) {
  const { t } = useTranslation('reports');
  const spent = (
    <Figure label={t('budget.spent')} size="sm">
      <DrillAmount
        drill={{ month, operation_id: 2, basis: 'accrual' }}
        value={summary.spent}
        fz="xl"
        fw={700}
        data-testid="summary-spent"
      />
    </Figure>
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title} data-testid="budget-summary">
      {summary.planned === 0 ? (
        <Stack gap="sm">
          {spent}
          <Text c="dimmed" fz="sm" maw={640} data-testid="summary-none">
            {t('budget.noneSet')}
          </Text>
        </Stack>
      ) : (
        <>
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Figure label={t('budget.planned')} size="sm">
              <AmountText
                value={summary.planned}
                colored={false}
                fz="xl"
                fw={700}
                data-testid="summary-planned"
              />
            </Figure>
            {spent}
            <Figure label={t('budget.available')} size="sm">
              <AmountText value={summary.available} fz="xl" fw={700} data-testid="summary-available" />
            </Figure>
          </Group>
          <Group gap="xs" mt="sm">
            <Badge color="teal" variant="dot" tt="none" size="lg" data-testid="count-within">
              {t('budget.within')}: {summary.within}
            </Badge>
            <Badge color="yellow" variant="dot" tt="none" size="lg" data-testid="count-near">
              {t('budget.near')}: {summary.near}
            </Badge>
            <Badge color="red" variant="dot" tt="none" size="lg" data-testid="count-over">
              {t('budget.over')}: {summary.over}
            </Badge>
          </Group>
        </>
      )}
    </Paper>
  );
}
