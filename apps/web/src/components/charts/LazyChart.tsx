import { Box, Skeleton } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import type { ChartProps } from './Charts.tsx';

const charts = () => import('./Charts.tsx');
const LazyBars = lazy(() => charts().then((m) => ({ default: m.Bars })));
const LazyLines = lazy(() => charts().then((m) => ({ default: m.Lines })));
const LazyDonut = lazy(() => charts().then((m) => ({ default: m.Donut })));

/**
 * A chart, lazily loaded, drawn for sighted users only: the figure's label says the same figures are in the
 * table beside it (each chart has one), which is what screen readers and keyboard users read.
 */
function Frame({ label, height, children }: { label: string; height: number; children: ReactNode }) {
  return (
    <Box role="img" aria-label={label} mih={height}>
      <Suspense fallback={<Skeleton h={height} radius="md" />}>{children}</Suspense>
    </Box>
  );
}

export function BarsChart(props: ChartProps & { label: string }) {
  const { label, ...rest } = props;
  return (
    <Frame label={label} height={props.height ?? 260}>
      <LazyBars {...rest} />
    </Frame>
  );
}

export function LinesChart(props: ChartProps & { label: string }) {
  const { label, ...rest } = props;
  return (
    <Frame label={label} height={props.height ?? 220}>
      <LazyLines {...rest} />
    </Frame>
  );
}

export function DonutChartLazy({
  label,
  data,
  format,
  size = 180,
}: {
  label: string;
  data: { name: string; value: number; color: string }[];
  format: (value: number) => string;
  size?: number;
}) {
  return (
    <Frame label={label} height={size}>
      <LazyDonut data={data} format={format} size={size} />
    </Frame>
  );
}
