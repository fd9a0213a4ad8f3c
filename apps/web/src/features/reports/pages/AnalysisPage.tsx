import { Menu, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import { MonthCharts, MonthTable } from '../../../components/charts/MonthFigures.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { DrillAmount } from '../../../components/DrillAmount.tsx';
import { MenuButton } from '../../../components/MenuButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthShort } from '../../../lib/months.ts';
import { useReport } from '../../../lib/queries/figures.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { downloadReport } from '../api/export-report.ts';
import { DebtTable } from '../components/DebtTable.tsx';
import { ReportControls, useReportParams } from '../components/ReportControls.tsx';

/** /reports/analysis: income vs expense per month, result and cumulative, debt ahead, investments. */
export function AnalysisPage() {
  const { t } = useTranslation('reports');
  const { locale } = useMoneyFormat();
  const params = useReportParams();
  const analysis = useReport('analysis', params);
  const debt = useReport('debt', params);
  const investment = useReport('investment', params);
  const monthName = (m: string) => `${formatMonthShort(m, locale)} ${m.slice(0, 4)}`;
  const rows = analysis.data?.data ?? [];
  const range = analysis.data
    ? { start_month: analysis.data.start, end_month: analysis.data.end }
    : undefined;
  const exportAs = (fileFormat: 'csv' | 'xlsx') => {
    if (!analysis.data) return;
    downloadReport(
      {
        filters: { start: analysis.data.start, end: analysis.data.end },
        group_by: 'month',
        basis: params.basis,
      },
      fileFormat,
      `analysis-${analysis.data.start}-${analysis.data.end}`,
    ).catch((error) => toastError(errorMessage(error)));
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('analysis.title')}
        subtitle={t('analysis.subtitle')}
        actions={
          <MenuButton label={t('analysis.export')} icon={<IconDownload size={16} aria-hidden />}>
            <Menu.Item onClick={() => exportAs('csv')}>{t('analysis.exportCsv')}</Menu.Item>
            <Menu.Item onClick={() => exportAs('xlsx')}>{t('analysis.exportXlsx')}</Menu.Item>
          </MenuButton>
        }
      />
      <ReportControls />
      <Widget id="analysis-chart" title={t('analysis.chart')}>
        {analysis.data ? (
          <MonthCharts
            months={rows}
            lines={['result', 'cumulative']}
            barsTitle={t('analysis.chart')}
            linesTitle={t('analysis.trend')}
            label={monthName}
          />
        ) : (
          <Skeleton h={300} />
        )}
      </Widget>
      <Widget id="analysis-table" title={t('analysis.table')}>
        {analysis.data && range ? (
          <MonthTable
            months={rows}
            columns={['income', 'expense', 'investment', 'result', 'cumulative']}
            basis={params.basis}
            label={monthName}
            totals={{ values: analysis.data.totals, range }}
            minWidth={560}
            testId="analysis-rows"
          />
        ) : (
          <Skeleton h={200} />
        )}
      </Widget>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Widget id="analysis-debt" title={t('analysis.debt')}>
          <Text fz="sm" c="dimmed" data-testid="debt-hint">
            {t('analysis.debtHint')}
          </Text>
          {debt.data ? (
            debt.data.total === 0 ? (
              <Text c="dimmed">{t('analysis.noDebt')}</Text>
            ) : (
              <DebtTable debt={debt.data} monthName={monthName} />
            )
          ) : (
            <Skeleton h={100} />
          )}
        </Widget>
        <Widget id="analysis-investments" title={t('analysis.investments')}>
          {investment.data ? (
            investment.data.total === 0 ? (
              <Text c="dimmed">{t('analysis.noInvestments')}</Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('common.month')}</Table.Th>
                    <Table.Th ta="right">{t('analysis.contributions')}</Table.Th>
                    <Table.Th ta="right">{t('common.cumulative')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {investment.data.data.map((d) => (
                    <Table.Tr key={d.month}>
                      <Table.Td>{monthName(d.month)}</Table.Td>
                      <Table.Td ta="right">
                        <DrillAmount
                          drill={{ month: d.month, operation_id: 3, basis: params.basis }}
                          value={d.value}
                        />
                      </Table.Td>
                      <Table.Td ta="right">
                        <AmountText value={d.cumulative} colored={false} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )
          ) : (
            <Skeleton h={100} />
          )}
        </Widget>
      </SimpleGrid>
    </Stack>
  );
}
