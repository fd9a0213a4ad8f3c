import { localMonth } from '@centavo/shared';
import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { DrillAmount } from '../../../components/DrillAmount.tsx';
import { Figure } from '../../../components/Figure.tsx';
import { drillDownHref } from '../../../lib/drill-down.ts';
import { useBudgetDashboard } from '../../../lib/queries/figures.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** This month's budget: planned, spent, available, and the categories near or over. */
export function BudgetsWidget() {
  const { t } = useTranslation('reports');
  const { locale } = useMoneyFormat();
  const month = localMonth();
  const budgets = useBudgetDashboard(month);
  // Shown with or without limits set; opens the month's expenses, counted by accrual as the budget counts them.
  const spent = budgets.data ? (
    <Figure label={t('budget.spent')}>
      <DrillAmount
        drill={{ month, operation_id: 2, basis: 'accrual' }}
        value={budgets.data.summary.spent}
        fw={700}
      />
    </Figure>
  ) : null;
  return (
    <Widget
      id="dash-budgets"
      title={t('dashboard.budgets')}
      action={
        <Anchor component={Link} to={`${paths.budget}?month=${month}`} fz="sm">
          {t('dashboard.openBudget')}
        </Anchor>
      }
    >
      {budgets.data && budgets.data.summary.planned === 0 ? (
        // No limit set: nothing is "available" (issue 23 #13c), only what was spent.
        <Stack gap="xs">
          {spent}
          <Text c="dimmed" fz="sm" data-testid="dash-budgets-none">
            {t('dashboard.noBudgets')}
          </Text>
        </Stack>
      ) : budgets.data ? (
        <Stack gap="xs">
          <Group gap="lg">
            <Figure label={t('budget.planned')}>
              <AmountText value={budgets.data.summary.planned} colored={false} fw={700} />
            </Figure>
            {spent}
            <Figure label={t('budget.available')}>
              <AmountText value={budgets.data.summary.available} fw={700} />
            </Figure>
          </Group>
          <Text fz="sm" fw={600}>
            {t('dashboard.budgetsNearOver')}
          </Text>
          {budgets.data.categories.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {t('dashboard.noBudgetAlerts')}
            </Text>
          ) : (
            <Stack
              gap={4}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              data-testid="dash-budget-alerts"
            >
              {budgets.data.categories.map((c) => (
                <Group
                  key={c.category_id ?? 0}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  data-band={c.band}
                >
                  <Text fz="sm">{c.name}</Text>
                  <Anchor
                    component={Link}
                    to={drillDownHref({ month, category_id: c.category_id, basis: 'accrual' })}
                    fz="sm"
                    // Over is an alarm (red), near a heads-up (text colour), never the brand's green.
                    c={c.band === 'over' ? 'var(--mantine-color-error)' : 'var(--mantine-color-text)'}
                    fw={c.band === 'over' ? 600 : undefined}
                    underline="always"
                  >
                    {t(c.band === 'over' ? 'budget.bandOver' : 'budget.bandNear')} ·{' '}
                    {(c.percent ?? 0).toLocaleString(locale)}%
                  </Anchor>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      ) : (
        <Skeleton h={80} />
      )}
    </Widget>
  );
}
