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

/** What the bar and line charts share: the data, the value format, a legend, and the y axis' grid. */
function axes({ data, dataKey, series, format }: ChartProps) {
  return {
    data,
    dataKey,
    series,
    valueFormatter: format,
    withLegend: true,
    tickLine: 'y',
    gridAxis: 'y',
    yAxisProps: { width: 90 },
  } as const;
}

export function Bars({ height = 260, ...props }: ChartProps) {
  return <BarChart h={height} {...axes(props)} />;
}

export function Lines({ height = 220, ...props }: ChartProps) {
  return <LineChart h={height} curveType="linear" {...axes(props)} />;
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
