import { Stack, type StackProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure under its small, dimmed label ("Spent" over R$ 1.234,00): summaries, widgets, invoices. */
export function Figure({
  label,
  size = 'xs',
  children,
  ...stack
}: { label: ReactNode; size?: 'xs' | 'sm'; children: ReactNode } & Omit<StackProps, 'children'>) {
  return (
    <Stack gap={0} {...stack}>
      <Text fz={size} c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
