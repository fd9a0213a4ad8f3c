import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/PageTitle.tsx';

/** Heading of an auth card; also sets the page title. */
export function AuthHeader({
  title,
  heading,
  subtitle,
}: {
  title: string;
  heading: string;
  subtitle?: string;
}) {
  usePageTitle(title);
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {heading}
      </Title>
      {/* A long e-mail address in the text breaks rather than widening the page. */}
      {subtitle ? (
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
