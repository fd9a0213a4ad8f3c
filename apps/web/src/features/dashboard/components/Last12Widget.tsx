import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MonthCharts, MonthTable } from '../../../components/charts/MonthFigures.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { formatMonthShort } from '../../../lib/months.ts';
import { useReport } from '../../../lib/queries/figures.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { LAST_12 } from './MonthWidget.tsx';

/** The last 12 months: income against expense, the balance's trend, and the table of both. */
export function Last12Widget() {
  const { t } = useTranslation('reports');
  const { locale } = useMoneyFormat();
  const analysis = useReport('analysis', LAST_12);
  return (
    <Widget id="dash-last12" title={t('dashboard.last12')}>
      {analysis.data ? (
        <Stack>
          <MonthCharts
            months={analysis.data.data}
            lines={['cumulative']}
            barsTitle={t('dashboard.last12')}
            linesTitle={t('dashboard.balanceTrend')}
            label={(m) => formatMonthShort(m, locale)}
          />
          <MonthTable
            months={analysis.data.data}
            columns={['income', 'expense', 'cumulative']}
            basis="accrual"
            label={(m) => `${formatMonthShort(m, locale)} ${m.slice(0, 4)}`}
            minWidth={420}
          />
        </Stack>
      ) : (
        <Skeleton h={260} />
      )}
    </Widget>
  );
}
