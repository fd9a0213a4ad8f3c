import type { AnalysisReport, ReportBasisName } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import { Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../../lib/use-money-format.ts';
import { AmountText } from '../AmountText.tsx';
import { DrillAmount } from '../DrillAmount.tsx';
import { BarsChart, LinesChart } from './LazyChart.tsx';

type Month = AnalysisReport['data'][number];
/** The columns a month table may show: the operations link to their entries, the sums do not. */
export type MonthColumn = 'income' | 'expense' | 'investment' | 'result' | 'cumulative';

const LINKED: Partial<Record<MonthColumn, number>> = {
  income: OPERATIONS.income,
  expense: OPERATIONS.expense,
  investment: OPERATIONS.investment,
};
const LINE_COLORS: Record<'result' | 'cumulative', string> = { result: 'grape.7', cumulative: 'blue.7' };

/**
 * Income against expense per month (bars) and the `lines` over the same months, as the dashboard's last 12
 * months and the analysis report draw them. `label` names each month on the axis.
 */
export function MonthCharts({
  months,
  lines,
  barsTitle,
  linesTitle,
  label,
}: {
  months: readonly Month[];
  lines: readonly ('result' | 'cumulative')[];
  barsTitle: string;
  linesTitle: string;
  label: (month: string) => string;
}) {
  const { t } = useTranslation('reports');
  const { format } = useMoneyFormat();
  const data = months.map((m) => ({ ...m, month: label(m.month) }));
  return (
    <Stack>
      <BarsChart
        label={t('common.chartLabel', { title: barsTitle })}
        data={data}
        dataKey="month"
        format={format}
        series={[
          { name: 'income', label: t('common.income'), color: 'teal.7' },
          { name: 'expense', label: t('common.expense'), color: 'red.7' },
        ]}
      />
      <LinesChart
        label={t('common.chartLabel', { title: linesTitle })}
        data={data}
        dataKey="month"
        format={format}
        series={lines.map((name) => ({ name, label: t(`common.${name}`), color: LINE_COLORS[name] }))}
      />
    </Stack>
  );
}

/**
 * The months of a report as a table, beside its chart: each operation's figure links to the entries it sums
 * (drill-down, in the report's basis); with `totals`, a footer of the range's totals linking the same way.
 */
export function MonthTable({
  months,
  columns,
  basis,
  label,
  totals,
  minWidth,
  testId,
}: {
  months: readonly Month[];
  columns: readonly MonthColumn[];
  basis: ReportBasisName;
  label: (month: string) => string;
  totals?: { values: AnalysisReport['totals']; range: { start_month: string; end_month: string } };
  minWidth: number;
  testId?: string;
}) {
  const { t } = useTranslation('reports');
  const cell = (
    column: MonthColumn,
    value: number,
    where: { month: string } | { start_month: string; end_month: string },
  ) => {
    const operation = LINKED[column];
    if (operation === undefined) return <AmountText value={value} />;
    return <DrillAmount drill={{ ...where, operation_id: operation, basis }} value={value} />;
  };
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.month')}</Table.Th>
            {columns.map((column) => (
              <Table.Th ta="right" key={column}>
                {t(`common.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Td>{label(m.month)}</Table.Td>
              {columns.map((column) => (
                <Table.Td ta="right" key={column}>
                  {cell(column, m[column], { month: m.month })}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('common.total')}</Table.Th>
              {columns.map((column) => (
                <Table.Th ta="right" key={column}>
                  {/* A running sum has no total: the last month's figure is it. */}
                  {column === 'cumulative' ? null : cell(column, totals.values[column], totals.range)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
