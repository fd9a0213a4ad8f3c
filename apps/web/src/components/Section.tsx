import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a settings page; `aria-labelledby` makes it a named region for screen readers. */
export function Section({
  id,
  title,
  description,
  children,
  tone,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={tone === 'danger' ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}
    >
      <Stack gap={4} mb="md">
        <Title
          order={2}
          fz="lg"
          id={`${id}-title`}
          c={tone === 'danger' ? 'var(--centavo-danger-text)' : undefined}
        >
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" fz="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}
