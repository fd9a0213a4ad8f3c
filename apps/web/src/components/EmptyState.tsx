import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A friendly, inviting empty list: what the area is for and the one action that starts it. */
export function EmptyState({
  icon,
  title,
  body,
  action,
  onAction,
  testId,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action: string;
  onAction: () => void;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid={testId}>
      <Stack align="center" gap="sm" maw={460} mx="auto" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" fz="sm">
          {body}
        </Text>
        <Button autoContrast mt="xs" onClick={onAction}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}
