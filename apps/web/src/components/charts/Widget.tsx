import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the dashboard or a report; a named region for screen readers. */
export function Widget({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} withBorder radius="lg" p="md" data-testid={id}>
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={2} fz="md" id={`${id}-title`}>
            {title}
          </Title>
        </Stack>
        {children}
        {action}
      </Stack>
    </Paper>
  );
}
