// The chart components (@mantine/charts over recharts), in a chunk of their own: only pages that draw a chart
// download it, after their figures (docs/decisions/reports.md "Charts").
// The legends' colour keys are ColorSwatches: without their sheet they had no size, so "Expenses / Income"
// showed no key (issue 23 #5). Loaded here, with the charts, not with the first page.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart, ChartTooltip, DonutChart, LineChart } from '@mantine/charts';

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
  // The hovered segment only, and nothing while none is: the tooltip listed every category (wider than a phone's
  // donut) and recharts keeps it in the page, hidden, so with large amounts the page scrolled sideways at 360 px.
  return (
    <DonutChart
      data={data}
      valueFormatter={format}
      size={size}
      thickness={26}
      withTooltip
      tooltipProps={{
        content: ({ active, payload }) =>
          active && payload?.[0] ? (
            <ChartTooltip
              payload={data}
              type="radial"
              segmentId={payload[0].payload?.__segmentIndex}
              valueFormatter={format}
            />
          ) : null,
      }}
    />
  );
}
