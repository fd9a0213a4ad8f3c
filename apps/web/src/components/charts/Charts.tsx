// The chart components (@mantine/charts over recharts), in a chunk of their own: only pages that draw a chart
// download it, after their figures (docs/decisions/reports.md "Charts").
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';

export interface SeriesSpec {
  name: string;
  label: string;
  color: string;
}

export interface ChartProps {
  data: Record<string, string | number>[];
  dataKey: string;
  series: SeriesSpec[];
  format: (value: number) => string;
  height?: number;
}

export function Bars({ data, dataKey, series, format, height = 260 }: ChartProps) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey={dataKey}
      series={series}
      valueFormatter={format}
      withLegend
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ width: 90 }}
    />
  );
}

export function Lines({ data, dataKey, series, format, height = 220 }: ChartProps) {
  return (
    <LineChart
      h={height}
      data={data}
      dataKey={dataKey}
      series={series}
      valueFormatter={format}
      withLegend
      curveType="linear"
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ width: 90 }}
    />
  );
}

export function Donut({
  data,
  format,
  size = 180,
}: {
  data: { name: string; value: number; color: string }[];
  format: (value: number) => string;
  size?: number;
}) {
  return <DonutChart data={data} valueFormatter={format} size={size} thickness={26} withTooltip />;
}
