import { localMonth } from '@centavo/shared';
import { Box, Group, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DonutChartLazy } from '../../../components/charts/LazyChart.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { DrillAmount } from '../../../components/DrillAmount.tsx';
import { useCategoryDashboard } from '../../../lib/queries/figures.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** This month's spending by category: a donut and the table beside it. */
export function SpendingWidget() {
  const { t } = useTranslation('reports');
  const { format, locale } = useMoneyFormat();
  const month = localMonth();
  const categories = useCategoryDashboard(month, 'accrual');
  return (
    <Widget id="dash-spending" title={t('dashboard.spending')}>
      {categories.data ? (
        categories.data.data.length === 0 ? (
          <Text c="dimmed">{t('dashboard.noSpending')}</Text>
        ) : (
          <Group align="flex-start" wrap="wrap" gap="md">
            <Box mx="auto">
              <DonutChartLazy
                label={t('common.chartLabel', { title: t('dashboard.spending') })}
                format={format}
                data={categories.data.data.map((c) => ({
                  name: c.name,
                  value: c.value,
                  color: c.color ?? 'gray.6',
                }))}
              />
            </Box>
            <Table style={{ flex: 1, minWidth: 200 }}>
              <Table.Tbody>
                {categories.data.data.map((c) => (
                  <Table.Tr key={c.category_id ?? 0}>
                    {/* The share under the name, not in a third column: at 320 px "Uncategorised",
                        R$ 23.456,78 and 91,5 % side by side were wider than the widget. */}
                    <Table.Td>
                      {c.name}
                      <Text component="span" display="block" fz="xs" c="dimmed">
                        {c.share.toLocaleString(locale)}%
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <DrillAmount
                        drill={{ month, category_id: c.category_id, basis: 'accrual' }}
                        value={c.value}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Group>
        )
      ) : (
        <Skeleton h={120} />
      )}
    </Widget>
  );
}
