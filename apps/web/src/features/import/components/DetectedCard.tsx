import type { ImportSummary } from '@centavo/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Filled, dark shades (white text) or a light one with dark text: legible in both themes (axe contrast).
const COLORS = { new: 'teal.9', duplicate: 'gray.7', probable: 'yellow.4', skipped: 'red.9' } as const;
export const STATUS_COLORS = COLORS;

/** What was read: format, bank, encoding (and how it was found), layout, and the rows by status. */
export function DetectedCard({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation('import');
  const item = (label: string, value: string, testId: string) => (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('detected.title')} · {summary.file_name}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {item(t('detected.format'), summary.format.toUpperCase(), 'import-format')}
          {item(t('detected.bank'), summary.bank ?? t('detected.unknownBank'), 'import-bank')}
          {item(
            t('detected.encoding'),
            `${summary.encoding} (${t(`detected.sources.${summary.encoding_source}`)})`,
            'import-encoding',
          )}
          {item(
            t('detected.layout'),
            summary.preset
              ? t(`detected.presets.${summary.preset}`)
              : summary.format === 'csv' || summary.format === 'xlsx'
                ? t('detected.generic')
                : '—',
            'import-layout',
          )}
        </SimpleGrid>
        <Group gap="xs" data-testid="import-counts">
          {(['new', 'duplicate', 'probable', 'skipped'] as const).map((s) => (
            <Badge key={s} color={COLORS[s]} variant="filled" autoContrast tt="none" size="lg">
              {t(`status.${s}`)}: {summary.counts[s]}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
