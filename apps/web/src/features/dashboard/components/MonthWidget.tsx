import { localMonth, OPERATIONS } from '@centavo/shared';
import { Anchor, Group, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountText } from '../../../components/AmountText.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { Figure } from '../../../components/Figure.tsx';
import { drillDownHref } from '../../../lib/drill-down.ts';
import { formatMonthLong } from '../../../lib/months.ts';
import { useReport } from '../../../lib/queries/figures.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** The dashboard's 12 months (the month and chart widgets read the same report). */
export const LAST_12 = { range: '12m', basis: 'accrual' } as const;

/** Each figure grows to share the row, never shrinks below its amount. */
const FIGURE = { flex: '1 0 auto' } as const;

/** This month's income, expense and result, each a link to the entries it sums. */
export function MonthWidget() {
  const { t } = useTranslation('reports');
  const { locale } = useMoneyFormat();
  const month = localMonth();
  // The last 12 months' report (the same query as the chart below: fetched once); this month is its last.
  const current = useReport('analysis', LAST_12).data?.data.at(-1);
  const monthLabel = formatMonthLong(month, locale);
  return (
    <Widget id="dash-month" title={monthLabel}>
      {current ? (
        // Three equal columns put "Despesas" and "Resultado" of R$ 12.345,67 against each other at 360 px (issue
        // 23): each figure is as wide as its amount, the row wraps when they do not fit, always with a gap.
        <Group gap="md" align="flex-start" data-testid="dash-month-figures">
          {(
            [
              ['income', OPERATIONS.income, current.income],
              ['expense', OPERATIONS.expense, current.expense],
            ] as const
          ).map(([key, op, value]) => (
            <Figure label={t(`dashboard.${key}`)} key={key} style={FIGURE}>
              <Anchor
                component={Link}
                to={drillDownHref({ month, operation_id: op, basis: 'accrual' })}
                fw={700}
                data-testid={`dash-${key}`}
              >
                <AmountText value={value} operation={op} />
              </Anchor>
            </Figure>
          ))}
          <Figure label={t('dashboard.result')} style={FIGURE}>
            <Anchor component={Link} to={drillDownHref({ month, basis: 'accrual' })} fw={700}>
              <AmountText value={current.result} data-testid="dash-result" />
            </Anchor>
          </Figure>
        </Group>
      ) : (
        <Skeleton h={60} />
      )}
    </Widget>
  );
}
