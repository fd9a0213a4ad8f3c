import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilter, IconPlus, IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A month without entries: an invitation to add the first one (or to clear filters that hide them). */
export function EmptyMonth({
  monthLabel,
  filtered,
  onAdd,
  onClearFilters,
}: {
  monthLabel: string;
  filtered: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('entries');
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} data-testid="entries-empty">
      <Stack align="center" gap="sm" ta="center" maw={420} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {filtered ? <IconFilter size={28} /> : <IconReceipt2 size={28} />}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {filtered ? t('empty.filteredTitle') : t('empty.title', { month: monthLabel })}
        </Title>
        <Text c="dimmed" fz="sm">
          {filtered ? t('empty.filteredText') : t('empty.text')}
        </Text>
        {filtered ? (
          <Button variant="default" onClick={onClearFilters} mt="xs">
            {t('filters.clear')}
          </Button>
        ) : (
          <Button
            variant="filled"
            color="centavo.7"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={onAdd}
            mt="xs"
            data-testid="empty-add"
          >
            {t('empty.action')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
